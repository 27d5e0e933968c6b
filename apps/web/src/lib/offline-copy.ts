/**
 * What a staff screen last loaded, kept in `localStorage` so it still shows with no signal (a
 * chauffeur's day sheet in a car park): the answer and when the server read it, one copy per
 * screen. Gone at sign-out (`forgetOfflineCopies`), so the next person on the device never sees
 * it (docs/security.md, V14.3). Storage may be full, disabled or blocked: nothing is kept then.
 */
const PREFIX = 'offline:';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // Blocked storage throws on access.
  }
}

/** The stored copy of `key`, unchecked: its reader validates it. */
export function readOfflineCopy(key: string): unknown {
  try {
    const text = storage()?.getItem(PREFIX + key);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function writeOfflineCopy(key: string, value: unknown): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Full or blocked: the screen works as before, online only.
  }
}

/** Forgets every copy (at sign-out). */
export function forgetOfflineCopies(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key?.startsWith(PREFIX) === true,
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    // Blocked: nothing was kept either.
  }
}

/** Whether a failed call never reached the server (no signal), rather than being answered. */
export function isOffline(error: unknown): boolean {
  return error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine);
}
