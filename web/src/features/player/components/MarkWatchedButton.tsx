import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../shared/ui/Button';
import { useRecordWatchedEpisode } from '../hooks/useWatchedEpisode';
import { PLAYER_STRINGS } from '../strings';
import '../player.css';

const S = PLAYER_STRINGS;

export interface MarkWatchedButtonProps {
  animeId: number;
  episode: number;
  /** Already in the viewer's watched episodes. */
  watched: boolean;
}

/**
 * "Отметить серию просмотренной" under an external player: its time cannot be read across origins,
 * so the viewer records the episode by hand, as the HLS player does by itself at the ending.
 */
export function MarkWatchedButton({ animeId, episode, watched }: MarkWatchedButtonProps) {
  const record = useRecordWatchedEpisode();
  const mark = useMutation({ mutationFn: () => record(animeId, episode) });
  const done = watched || mark.isSuccess;
  return (
    <div className="mark-watched">
      {done ? null : (
        <Button variant="secondary" onClick={() => mark.mutate()} disabled={mark.isPending}>
          {mark.isPending ? S.markingWatched : S.markWatched}
        </Button>
      )}
      {/* Always there, so the outcome is announced. */}
      <span className={mark.isError ? 'mark-watched__error' : 'mark-watched__done'} role="status">
        {done ? S.markedWatched : mark.isError ? `${S.watchedFailed}: ${mark.error.message}` : null}
      </span>
    </div>
  );
}
