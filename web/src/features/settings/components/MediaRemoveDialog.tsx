import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { notify } from '../../../shared/ui/notify';
import { removeProfileMedia } from '../api/settings-api';
import type { MediaKind } from '../lib/upload-validation';
import { SETTINGS_STRINGS } from '../strings';

const S = SETTINGS_STRINGS.media;

export interface MediaRemoveDialogProps {
  kind: MediaKind;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** "Удалить аватар?": nothing is removed until the user confirms; then the default shows instead. */
export function MediaRemoveDialog({ kind, open, onOpenChange }: MediaRemoveDialogProps) {
  const { updateUser } = useSession();
  const remove = useMutation({
    mutationFn: () => removeProfileMedia(kind),
    onSuccess: (updated) => {
      updateUser(updated);
      notify.success(SETTINGS_STRINGS.savedTitle, S.removed[kind]);
      onOpenChange(false);
    },
  });

  const change = (next: boolean) => {
    if (remove.isPending) return;
    remove.reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={change} title={S.removeTitle[kind]} description={S.removeText} widthPx={420}>
      {remove.isError ? (
        <p className="form__error" role="alert">
          {isApiError(remove.error) ? remove.error.message : S.removeFailed}
        </p>
      ) : null}
      <div className="media-field__dialog-actions">
        <Button variant="ghost" onClick={() => change(false)} disabled={remove.isPending}>
          {S.keep}
        </Button>
        <Button onClick={() => remove.mutate()} disabled={remove.isPending}>
          {remove.isPending ? S.removing : S.removeConfirm}
        </Button>
      </div>
    </Dialog>
  );
}
