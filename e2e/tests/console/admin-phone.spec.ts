import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../../fixtures.ts';
import { signInOwnerViaApi } from '../../owner-session.ts';
import { WORKER_OWNERS } from '../../owners.ts';
import { openConsoleNav, pressUntilFocused } from '../admin-helpers.ts';
import { csrfHeaders } from '../booking-helpers.ts';

/*
 * The owner's phone kit (/admin/phone) at 1440 and 390 px, by keyboard, with axe: notifications
 * turned on and off, a push shown by the console's own service worker (admin-sw.js with
 * push-sw.js), and signing out ending them in the browser and at the server.
 *
 * Chromium's `pushManager.subscribe` registers at Google's push service, on the internet. The
 * test stands in for that service alone: each registration's push manager answers a
 * subscription of a real browser's shape (an https endpoint, a 65-byte key, a 16-byte secret),
 * kept in the page's storage. The page, its service worker, the API and the database are real;
 * the push itself is delivered to the worker through DevTools, as a push service would.
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const SWITCH = 'Send notifications to this phone';

/** Stands in for the browser's push service, per registration scope, before any page script. */
async function standInPushService(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const kept = (scope: string) => `e2e-push:${scope}`;
    const subscriptionOf = (scope: string) => {
      const endpoint = localStorage.getItem(kept(scope));
      if (!endpoint) return null;
      const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
      return {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(kept(scope));
          return true;
        },
      };
    };
    Object.defineProperty(ServiceWorkerRegistration.prototype, 'pushManager', {
      configurable: true,
      get(this: ServiceWorkerRegistration) {
        const scope = this.scope;
        return {
          getSubscription: async () => subscriptionOf(scope),
          permissionState: async () => Notification.permission,
          subscribe: async () => {
            const id = crypto.randomUUID();
            localStorage.setItem(kept(scope), `https://push.example.test/e2e/${id}`);
            return subscriptionOf(scope);
          },
        };
      },
    });
  });
}

const pushSwitch = (page: Page) => page.getByRole('switch', { name: SWITCH });
const said = (page: Page) =>
  page.getByRole('region', { name: 'Notifications on this phone' }).getByRole('status');

async function openPhone(page: Page) {
  await page.goto('/admin/phone');
  await expect(page.getByRole('heading', { level: 1, name: 'Your phone' })).toBeVisible();
  await expect(pushSwitch(page)).toBeEnabled();
}

/** The endpoint the stand-in gave the console's registration, if any. */
const endpointOf = (page: Page) =>
  page.evaluate(() => localStorage.getItem(`e2e-push:${location.origin}/admin`));

test('turns notifications on and off by keyboard, and a push shows on the lock screen', async ({
  ownerPage: page,
  context,
  expectNoA11yViolations,
}, testInfo) => {
  await standInPushService(context);
  await context.grantPermissions(['notifications']);
  await openPhone(page);
  await expect(pushSwitch(page)).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('region', { name: 'Your calendar' })).toContainText(
    'Add every ride of the business to your phone’s calendar.',
  );
  await expectNoA11yViolations();

  await pressUntilFocused(page, 'Tab', pushSwitch(page));
  await page.keyboard.press('Space');
  await expect(said(page)).toHaveText('Notifications are on for this browser.');
  await expect(pushSwitch(page)).toHaveAttribute('aria-checked', 'true');
  await expectNoA11yViolations();
  const endpoint = await endpointOf(page);
  expect(endpoint).toMatch(/^https:\/\/push\.example\.test\/e2e\//);

  // Opened again, the switch says what the browser and the server hold.
  await openPhone(page);
  await expect(pushSwitch(page)).toHaveAttribute('aria-checked', 'true');

  // A push reaches the console's worker, which shows it, tagged, with the page to open.
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === `${origin}/admin` && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const push = {
    title: 'New booking',
    body: `Nell booked the Tesla Model S for ${testInfo.project.name}.`,
    url: `${origin}/admin/rides`,
    tag: 'ride-e2e',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(push),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/admin');
        const shown = (await registration?.getNotifications()) ?? [];
        return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
      }),
    )
    .toEqual([{ title: push.title, body: push.body, tag: push.tag, data: { url: push.url } }]);
  await cdp.detach();

  await pushSwitch(page).click();
  await expect(said(page)).toHaveText('Notifications are off for this browser.');
  await expect(pushSwitch(page)).toHaveAttribute('aria-checked', 'false');
  expect(await endpointOf(page)).toBeNull();
});

test('says so when the browser is not allowed to show notifications', async ({
  ownerPage: page,
  context,
}) => {
  await standInPushService(context);
  await context.grantPermissions([]);
  await openPhone(page);
  await pushSwitch(page).click();
  await expect(
    page.getByRole('region', { name: 'Notifications on this phone' }).getByRole('alert'),
  ).toHaveText(
    /^(Notifications are blocked for this site in this browser’s settings\. Allow them there, then turn them on here\.|Notifications stay off: this browser was not allowed to show them\.)$/,
  );
  await expect(pushSwitch(page)).toHaveAttribute('aria-checked', 'false');
  expect(await endpointOf(page)).toBeNull();
});

test('signing out ends this phone’s notifications, in the browser and at the server', async ({
  browser,
  ownerPage,
}, testInfo) => {
  // A session of its own: signing out must not end the worker's, which other tests share.
  const request = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const email = WORKER_OWNERS[testInfo.parallelIndex] ?? '';
  await signInOwnerViaApi(request.request, email, process.env.E2E_DATA_ROOT ?? '.');
  const context = request;
  await standInPushService(context);
  await context.grantPermissions(['notifications']);
  const page = await context.newPage();
  await openPhone(page);
  await pushSwitch(page).click();
  await expect(said(page)).toHaveText('Notifications are on for this browser.');
  const endpoint = await endpointOf(page);
  expect(endpoint).not.toBeNull();

  await openConsoleNav(page, testInfo);
  await page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => endpointOf(page)).toBeNull();
  await context.close();

  // The server forgot it with the session: the owner's other session finds nothing to remove.
  const other = ownerPage.request;
  const removed = await other.post('/api/staff/push/subscriptions/remove', {
    headers: await csrfHeaders(other),
    data: { endpoint },
  });
  expect(removed.status()).toBe(200);
  expect(await removed.json()).toMatchObject({
    message: 'Notifications were already off for this browser.',
  });
});
