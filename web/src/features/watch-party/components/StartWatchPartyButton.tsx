import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { notify } from '../../../shared/ui/notify';
import { useCreateWatchParty } from '../api/watch-party-api';
import { WATCH_PARTY_STRINGS as S } from '../strings';

export interface StartWatchPartyButtonProps {
  animeId: number;
  episode: number;
}

/**
 * "Создать совместный просмотр": opens a room for this episode with the signed-in user as host and
 * goes to it. A guest is sent to sign in first. Mounted by the player page.
 */
export function StartWatchPartyButton({ animeId, episode }: StartWatchPartyButtonProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const create = useCreateWatchParty();
  const start = () => {
    if (!user) {
      navigate('/login');
      return;
    }
    create.mutate(
      { animeId, episode },
      {
        onSuccess: (room) => navigate(room.url),
        onError: (error) => notify.error(S.startFailedTitle, error.message),
      },
    );
  };
  return (
    <Button variant="secondary" onClick={start} disabled={create.isPending}>
      {create.isPending ? S.starting : S.start}
    </Button>
  );
}

export default StartWatchPartyButton;
