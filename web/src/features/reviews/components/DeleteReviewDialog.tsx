import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { errorText } from '../lib/review-errors';
import { REVIEWS_STRINGS } from '../strings';

const S = REVIEWS_STRINGS;

export interface DeleteReviewDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
  pending: boolean;
  error: unknown;
}

/** «Удалить рецензию?»: confirm, deleting, refused (the server's message under the buttons). */
export function DeleteReviewDialog({ open, onOpenChange, onConfirm, pending, error }: DeleteReviewDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)} title={S.deleteTitle} description={S.deleteText} widthPx={420}>
      <div className="review-dialog__actions">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          {S.cancel}
        </Button>
        <Button onClick={onConfirm} disabled={pending}>
          {pending ? S.deleting : S.deleteConfirm}
        </Button>
      </div>
      <FieldMessage message={error ? errorText(error) : null} />
    </Dialog>
  );
}
