import type { ToastKind } from './notify.ts';

/**
 * Which toasts belong to which form, so that a form's newer toast clears the form's stale
 * errors: a success (or a newer error) of the profile form dismisses its earlier errors, never
 * another form's toasts.
 */
export function createToastGroups<Id>() {
  const errors = new Map<string, Set<Id>>();
  return {
    /** Records toast `id` of `form`; answers the form's earlier errors it makes stale. */
    add(form: string, kind: ToastKind, id: Id): Id[] {
      const stale = Array.from(errors.get(form) ?? []);
      errors.delete(form);
      if (kind === 'error' || kind === 'warning') errors.set(form, new Set([id]));
      return stale;
    },
    /** A toast closed (by time, by hand or dismissed): nothing to clear later. */
    closed(id: Id): void {
      for (const [form, ids] of errors) {
        ids.delete(id);
        if (ids.size === 0) errors.delete(form);
      }
    },
  };
}
