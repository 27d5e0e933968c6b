/**
 * Toasts, loaded on first use: the toast library and its styles stay out of the first screen's
 * download, and nothing is lost while they load.
 */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export function notify(kind: ToastKind, message: string): void {
  void import('./toaster.tsx').then(({ showToast }) => showToast(kind, message));
}
