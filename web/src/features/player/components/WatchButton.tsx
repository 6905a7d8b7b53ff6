import type { AnimeDetails } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../shared/session/session-context';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { episodesQuery, progressQuery } from '../../../shared/api/title-api';
import { decideResume } from '../../../shared/lib/resume';
import { PLAYER_STRINGS } from '../strings';

const S = PLAYER_STRINGS;

export interface WatchButtonProps {
  anime: Pick<AnimeDetails, 'id'>;
}

/**
 * The anime page's "Смотреть" (first episode) or "Продолжить: серия N, 12:34" (the latest saved
 * point). Nothing while episodes load or when the title has none.
 */
export function WatchButton({ anime }: WatchButtonProps) {
  const { user } = useSession();
  const episodes = useQuery(episodesQuery(anime.id));
  const latest = useQuery({ ...progressQuery(anime.id), enabled: Boolean(user) });
  const list = episodes.data?.episodes ?? [];
  if (list.length === 0) return null;
  const first = Math.min(...list.map((episode) => episode.number));
  const point = latest.data ?? null;
  const known = point !== null && list.some((episode) => episode.number === point.episode);
  const resume = known ? decideResume(point) : { kind: 'start' as const };
  if (known && resume.kind === 'resume') {
    return (
      <ButtonLink to={`/watch/${anime.id}/${point.episode}`} className="watch-button">
        {S.continue(point.episode, resume.position)}
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to={`/watch/${anime.id}/${known ? point.episode : first}`} className="watch-button">
      {S.watch}
    </ButtonLink>
  );
}

export default WatchButton;
