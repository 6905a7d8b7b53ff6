import type { ProfileUpdate, SelfUser } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { Checkbox } from '../../../shared/ui/Checkbox';
import { notify } from '../../../shared/ui/notify';
import { updateProfile } from '../api/settings-api';
import { SETTINGS_STRINGS } from '../strings';

const S = SETTINGS_STRINGS.playback;

type Preference = 'skipOpening' | 'skipEnding';

/** Skip openings / endings: each toggle is saved at once; the boxes show the session's user, so a failure leaves them as they were. */
export function PlaybackPreferences({ user }: { user: SelfUser }) {
  const { updateUser } = useSession();
  const save = useMutation({
    mutationFn: (changes: ProfileUpdate) => updateProfile(changes),
    onSuccess: (updated) => {
      updateUser(updated);
      notify.success(SETTINGS_STRINGS.savedTitle, S.saved);
    },
    onError: (failure) => notify.error(SETTINGS_STRINGS.saveFailedTitle, isApiError(failure) ? failure.message : SETTINGS_STRINGS.saveFailedTitle),
  });
  const pending = save.isPending ? (save.variables as Partial<Record<Preference, boolean>>) : null;
  const shown = (key: Preference) => pending?.[key] ?? user[key];

  return (
    <div className="settings-toggles" aria-busy={save.isPending || undefined}>
      <Checkbox checked={shown('skipOpening')} disabled={save.isPending} onCheckedChange={(checked) => save.mutate({ skipOpening: checked })}>
        {S.skipOpening}
      </Checkbox>
      <Checkbox checked={shown('skipEnding')} disabled={save.isPending} onCheckedChange={(checked) => save.mutate({ skipEnding: checked })}>
        {S.skipEnding}
      </Checkbox>
      {save.isPending ? (
        <p className="field__message field__message--info" role="status">
          {SETTINGS_STRINGS.saving}
        </p>
      ) : null}
    </div>
  );
}
