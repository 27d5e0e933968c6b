import { createRoot } from 'react-dom/client';
import { Slide, ToastContainer, toast, type Id } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import './toaster.css';
import type { ToastKind, ToastOptions } from './notify.ts';
import { createToastGroups } from './toast-groups.ts';

let mounted = false;
const groups = createToastGroups<Id>();

/** Mounts the toast container once, in its own root beside the app. */
function ensureContainer(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'toasts';
  document.body.append(host);
  // Toasts as docs/product.md has them: top right, 320 px wide, 5 s, paused on hover and focus
  // loss, draggable; two at most on screen (the rest wait their turn), below the header
  // (toaster.css).
  createRoot(host).render(
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      closeOnClick
      newestOnTop
      limit={2}
      transition={Slide}
    />,
  );
}

export function showToast(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  ensureContainer();
  // Let the container subscribe before the first toast is emitted.
  queueMicrotask(() => {
    const { form } = options;
    const id = toast[kind](message, { onClose: () => groups.closed(id) });
    if (form) for (const stale of groups.add(form, kind, id)) toast.dismiss(stale);
  });
}
