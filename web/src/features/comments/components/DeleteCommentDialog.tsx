import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { errorText } from '../lib/comment-errors';
import { COMMENTS_STRINGS as S } from '../strings';

export interface DeleteCommentDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
  pending: boolean;
  error: unknown;
}

/** «Удалить комментарий?»: confirm, deleting, refused (the server's message under the buttons). */
export function DeleteCommentDialog({ error, ...props }: DeleteCommentDialogProps) {
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
