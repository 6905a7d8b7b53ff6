import { AUTH_MESSAGES, DISPLAY_NAME_MAX_LENGTH, type SelfUser } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { notify } from '../../../shared/ui/notify';
import { TextField } from '../../../shared/ui/TextField';
import { updateProfile } from '../api/settings-api';
import { SETTINGS_STRINGS } from '../strings';

const S = SETTINGS_STRINGS.profile;

/** The local check before sending: the server applies the same rules (auth's profile schema). */
export function displayNameError(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return S.displayNameRequired;
  if (trimmed.length > DISPLAY_NAME_MAX_LENGTH) return AUTH_MESSAGES.displayNameTooLong;
  return null;
}

/** The display name: checked locally, saved with PUT /auth/profile, the session's user replaced by the answer. */
export function DisplayNameForm({ user }: { user: SelfUser }) {
  const { updateUser } = useSession();
  const [value, setValue] = useState(user.displayName);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (displayName: string) => updateProfile({ displayName }),
    onSuccess: (updated) => {
      updateUser(updated);
      setValue(updated.displayName);
      notify.success(SETTINGS_STRINGS.savedTitle, S.saved);
    },
    onError: (failure) => {
      setError(isApiError(failure) ? (failure.fieldMessage('displayName') ?? failure.message) : SETTINGS_STRINGS.saveFailedTitle);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = displayNameError(value);
    setError(problem);
    if (!problem) save.mutate(value.trim());
  };

  const unchanged = value.trim() === user.displayName;
  return (
    <form className="settings-form" onSubmit={submit} aria-label={S.title} noValidate>
      <TextField
        label={S.displayName}
        value={value}
        maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
        autoComplete="nickname"
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(null);
        }}
        message={error ?? S.displayNameHint(user.username)}
        messageTone={error ? 'error' : 'info'}
      />
      <div className="settings-form__actions">
        <Button type="submit" disabled={save.isPending || unchanged}>
          {save.isPending ? SETTINGS_STRINGS.saving : S.save}
        </Button>
      </div>
    </form>
  );
}
