import type { SelfUser } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { Checkbox } from '../../../shared/ui/Checkbox';
import { notify } from '../../../shared/ui/notify';
import { setTelegramNotices } from '../api/settings-api';
import { SETTINGS_STRINGS } from '../strings';

const S = SETTINGS_STRINGS.telegram;

/** The opt-in to notices in Telegram, saved at once; shown for accounts whose Telegram was verified at sign-up. */
export function TelegramNotices({ user }: { user: SelfUser }) {
  const { updateUser } = useSession();
  const save = useMutation({
    mutationFn: setTelegramNotices,
    onSuccess: (updated) => {
      updateUser(updated);
      notify.success(SETTINGS_STRINGS.savedTitle, S.saved);
    },
    onError: (failure) => notify.error(SETTINGS_STRINGS.saveFailedTitle, isApiError(failure) ? failure.message : SETTINGS_STRINGS.saveFailedTitle),
  });
  const checked = save.isPending ? save.variables : user.telegramNotices === true;
  return (
    <div className="settings-toggles" aria-busy={save.isPending || undefined}>
      <Checkbox checked={checked} disabled={save.isPending} onCheckedChange={(value) => save.mutate(value)}>
        {S.notices}
      </Checkbox>
    </div>
  );
}
