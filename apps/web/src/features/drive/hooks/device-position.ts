import type { Position } from '@app/shared';

/**
 * The device's position for a tap, if it has one soon: a tap never waits more than `timeoutMs`
 * for it, and a refusal or a device without GPS only leaves the position out.
 */
export function devicePosition(timeoutMs = 3_000): Promise<Position | undefined> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer);
        resolve({ latitude: coords.latitude, longitude: coords.longitude });
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 30_000 },
    );
  });
}
