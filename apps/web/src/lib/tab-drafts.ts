/**
 * What a customer typed into a form and has not sent yet, kept in this tab's `sessionStorage`:
 * it survives a sign-in and a trip to the payment provider's checkout and back, and is gone when
 * the tab closes, at sign-out, and once the thing it drafted is done (docs/security.md, V14.3).
 * Storage may be full, disabled or blocked: a draft is then simply not kept.
 */
const PREFIX = 'draft:';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // Blocked storage throws on access.
  }
}

/** The stored value of draft `key`, unchecked: its reader validates it. */
export function readDraft(key: string): unknown {
  try {
    const text = storage()?.getItem(PREFIX + key);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Full or blocked: the form works as before, without a draft.
  }
}

export function removeDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing kept, nothing to remove.
  }
}

/** Forgets every draft whose key starts with `prefix` (all of them by default). */
export function clearDrafts(prefix = ''): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key?.startsWith(PREFIX + prefix) === true,
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    // Blocked: nothing was kept either.
  }
}
