/**
 * This browser's push subscriptions, one per service worker registration (the day sheet's and
 * the console's). Signing out ends them on the server with the session; this ends them in the
 * browser too, so its push service stops and the next person signing in starts with
 * notifications off.
 */
export async function forgetPushSubscriptions(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(
      registrations.map(async (registration) => {
        // Absent where the browser has no push (an iPhone's Safari outside the home screen).
        const manager = registration.pushManager as PushManager | undefined;
        const subscription = await manager?.getSubscription();
        await subscription?.unsubscribe();
      }),
    );
  } catch {
    // A browser that cannot say has nothing for the server to send to any longer.
  }
}
