import { createRoot } from 'react-dom/client';
import { Slide, ToastContainer, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import type { ToastKind } from './notify.ts';

let mounted = false;

/** Mounts the toast container once, in its own root beside the app. */
function ensureContainer(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'toasts';
  document.body.append(host);
  // Toasts as docs/product.md has them: top right, 320 px wide, 5 s, paused on hover and focus loss, draggable.
  createRoot(host).render(
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      closeOnClick
      newestOnTop
      transition={Slide}
    />,
  );
}

export function showToast(kind: ToastKind, message: string): void {
  ensureContainer();
  // Let the container subscribe before the first toast is emitted.
  queueMicrotask(() => toast[kind](message));
}
