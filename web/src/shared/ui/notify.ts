import type { toast as sonnerToast } from 'sonner';
import { toasterMounted } from './toaster-ready';

/**
 * sonner loads with the Toaster, after the entry chunk (AppProviders), not in it: a toast waits for the
 * Toaster to be on screen (one sent before would be lost), then shows.
 */
function show(present: (toast: typeof sonnerToast) => void): void {
  void toasterMounted()
    .then(() => import('sonner'))
    .then(({ toast }) => present(toast));
}

/** Toasts with a title and a description, as the original shows them ("Успех" / "..."). */
export const notify = {
  success(title: string, description: string) {
    show((toast) => toast.success(title, { description }));
  },
  error(title: string, description: string) {
    show((toast) => toast.error(title, { description }));
  },
  info(title: string, description?: string) {
    show((toast) => toast.info(title, { description }));
  },
};
