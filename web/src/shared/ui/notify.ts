import { toast } from 'sonner';

/** Toasts with a title and a description, as the original shows them ("Успех" / "..."). */
export const notify = {
  success(title: string, description: string) {
    toast.success(title, { description });
  },
  error(title: string, description: string) {
    toast.error(title, { description });
  },
  info(title: string, description?: string) {
    toast.info(title, { description });
  },
};
