/**
 * Toasts, loaded on first use: the toast library and its styles stay out of the first screen's
 * download, and nothing is lost while they load.
 */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  /**
   * The form the toast speaks for: its newer toast (a success, or a newer error) dismisses the
   * form's earlier errors and warnings still on screen.
   */
  form?: string;
}

export function notify(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  void import('./toaster.tsx').then(({ showToast }) => showToast(kind, message, options));
}
