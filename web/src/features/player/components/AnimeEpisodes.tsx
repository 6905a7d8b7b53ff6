import type { AnimeDetails } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { episodesQuery } from '../../../shared/api/title-api';
import { PLAYER_STRINGS } from '../strings';
import { EpisodeList } from './EpisodeList';
import '../player.css';

/** The anime page's episode section: only when the title has episodes to watch. */
export function AnimeEpisodes({ anime }: { anime: Pick<AnimeDetails, 'id'> }) {
  const titleId = useId();
  const episodes = useQuery(episodesQuery(anime.id));
  const list = [...(episodes.data?.episodes ?? [])].sort((a, b) => a.number - b.number);
  if (list.length === 0) return null;
  return (
    <section className="episodes-section" aria-labelledby={titleId}>
      <h2 className="episodes-section__title" id={titleId}>
        {PLAYER_STRINGS.episodes}
      </h2>
      <EpisodeList animeId={anime.id} episodes={list} label={PLAYER_STRINGS.episodes} />
    </section>
  );
}

export default AnimeEpisodes;
