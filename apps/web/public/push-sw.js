/*
 * Notifications for staff, imported by drive-sw.js (scope /drive) and admin-sw.js (scope
 * /admin): what the server pushes (`PushPayload` in @app/shared: a title, a line, the page to
 * open and a tag) shown on the lock screen, and a tap opening that page. Each registration is
 * subscribed from its own page's "Notifications on this phone" switch; two of them showing the
 * same push show one notification, since the newer one with a tag replaces the older.
 */

/** What a push says, or a plain line when it cannot be read: a push must always show something. */
function readPush(event) {
  try {
    const payload = event.data?.json();
    if (payload && typeof payload.title === 'string' && typeof payload.body === 'string') {
      return payload;
    }
  } catch {
    // Not JSON: said below as a plain notification.
  }
  return { title: 'Norfolk Rides', body: 'Something needs you.', url: '', tag: 'push' };
}

/** Only a page of this site opens from a notification; anything else opens the registration's own. */
function pageOf(url) {
  try {
    const page = new URL(url, self.location.origin);
    if (page.origin === self.location.origin) return page.href;
  } catch {
    // Not a URL: the scope below.
  }
  return self.registration.scope;
}

self.addEventListener('push', (event) => {
  const push = readPush(event);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag || 'push',
      data: { url: pageOf(push.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageOf(event.notification.data?.url ?? '');
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((window) => window.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});

/*
 * A browser that renews its subscription (Firefox does) tells the server the new one, with the
 * session's cookie and a CSRF token for it; signed out, the server refuses it and the switch
 * shows notifications off.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  const options = event.oldSubscription?.options;
  if (!options) return;
  event.waitUntil(
    self.registration.pushManager
      .subscribe(options)
      .then(async (subscription) => {
        const { csrfToken } = await (await fetch('/api/csrf-token')).json();
        await fetch('/api/staff/push/subscriptions', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
          body: JSON.stringify(subscription.toJSON()),
        });
      })
      .catch(() => undefined),
  );
});
