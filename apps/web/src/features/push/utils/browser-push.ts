/*
 * The browser's side of push: a service worker registration (the day sheet's or the console's,
 * each with push-sw.js's handlers) and its subscription at the browser's own push service.
 */

/** The service worker a page's notifications come through. */
export interface PushWorker {
  script: string;
  scope: string;
}

export const DRIVE_WORKER: PushWorker = { script: '/drive-sw.js', scope: '/drive' };
export const CONSOLE_WORKER: PushWorker = { script: '/admin-sw.js', scope: '/admin' };

/** Whether this browser can take pushes at all (an iPhone only from the home screen). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** This page's subscription, or null when notifications are off here. */
export async function currentSubscription(worker: PushWorker): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(worker.scope);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The bytes of a base64url text: the VAPID key as `pushManager.subscribe` takes it. */
export function bytesOfBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Subscribes this page's worker (registered first if need be) at the browser's push service. */
export async function subscribeBrowser(
  worker: PushWorker,
  publicKey: string,
): Promise<PushSubscription> {
  await navigator.serviceWorker.register(worker.script, { scope: worker.scope });
  // The registration of this page's scope, once its worker is active: only then can it subscribe.
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: bytesOfBase64Url(publicKey),
  });
}
