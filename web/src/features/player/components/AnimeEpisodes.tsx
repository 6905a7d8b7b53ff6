import type { AnimeDetails } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { episodesQuery } from '../../../shared/api/title-api';
import { useViewerWatchedEpisodes } from '../hooks/useViewerWatchedEpisodes';
import { PLAYER_STRINGS } from '../strings';
import { EpisodeList } from './EpisodeList';
import '../player.css';

const S = PLAYER_STRINGS;

/** The anime page's episode section: the episodes with the viewer's watched ones marked, or a notice that there are none yet. */
export function AnimeEpisodes({ anime }: { anime: Pick<AnimeDetails, 'id'> }) {
  const titleId = useId();
  const episodes = useQuery(episodesQuery(anime.id));
  const watched = useViewerWatchedEpisodes(anime.id);
  // A secondary section: nothing while loading or when the episodes cannot be read.
  if (!episodes.isSuccess) return null;
  const list = episodes.data.episodes;
  return (
    <section className="episodes-section" aria-labelledby={titleId}>
      <h2 className="episodes-section__title" id={titleId}>
        {S.episodes}
      </h2>
      {list.length === 0 ? (
        <p className="episodes-section__empty">
          <strong>{S.noEpisodesTitle}</strong> {S.noEpisodesText}
        </p>
      ) : (
        <EpisodeList animeId={anime.id} episodes={list} watched={watched} label={S.episodes} />
      )}
    </section>
  );
}

export default AnimeEpisodes;
