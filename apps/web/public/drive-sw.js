/*
 * The day sheet's service worker (scope /drive): the page and its code from the network when
 * there is signal, else the copy kept from the last visit, so a chauffeur's sheet opens in a
 * car park. The rides themselves are kept by the page (lib/offline-copy.ts), never here: API
 * answers are never cached. Hashed files of older versions of the site leave the cache
 * oldest first once it holds more than KEPT_FILES. Its notifications are push-sw.js's.
 */
importScripts('/push-sw.js');

const CACHE = 'drive-v1';
const KEPT_FILES = 80;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

/** The response, kept for next time when it is a whole, same-origin one. */
async function keep(request, response) {
  if (response.ok && response.type === 'basic') {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, -KEPT_FILES).map((key) => cache.delete(key)));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // The page: fresh when online, the kept one without signal.
    event.respondWith(
      fetch(request)
        .then((response) => keep('/drive', response))
        .catch(() => caches.match('/drive').then((kept) => kept ?? Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed names never change: the kept copy when there is one.
    event.respondWith(
      caches.match(request).then((kept) => kept ?? fetch(request).then((r) => keep(request, r))),
    );
  }
});
