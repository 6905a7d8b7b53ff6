import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { errorText } from '../lib/review-errors';
import { REVIEWS_STRINGS as S } from '../strings';

export interface DeleteReviewDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
  pending: boolean;
  error: unknown;
}

/** «Удалить рецензию?»: confirm, deleting, refused (the server's message under the buttons). */
export function DeleteReviewDialog({ error, ...props }: DeleteReviewDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      title={S.deleteTitle}
      description={S.deleteText}
      confirmLabel={S.deleteConfirm}
      pendingLabel={S.deleting}
      error={error ? errorText(error) : null}
    />
  );
}
