import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../../shared/ui/Spinner';
import { continueWatchingQuery } from '../../../shared/api/title-api';
import { catalogueRowQuery, watchingQuery } from '../api/tv-api';
import { TV_STRINGS } from '../strings';
import { TvCard } from './TvCard';
import { TvRow } from './TvRow';
import { TvScreen } from './TvScreen';

const S = TV_STRINGS;

/**
 * /tv: "Продолжить просмотр", the viewer's "Смотрю" list, then popular and top titles. Personal rows
 * hide when empty or failing (secondary rows put no error on the screen); the catalogue rows show one.
 */
export default function TvHomePage() {
  const navigate = useNavigate();
  const continueWatching = useQuery(continueWatchingQuery());
  const watching = useQuery(watchingQuery());
  const popular = useQuery(catalogueRowQuery('popular'));
  const top = useQuery(catalogueRowQuery('top'));

  const personalPending = continueWatching.isPending || watching.isPending;
  const cataloguePending = popular.isPending || top.isPending;
  // The first card (in document order) takes the focus once every row is in: earlier, a row appearing above would move it.
  const ready = !personalPending && !cataloguePending;
  const failed = popular.isError && top.isError;

  return (
    <TvScreen onBack={() => navigate('/')} contentKey={ready} label={S.brand}>
      <h1 className="visually-hidden">{S.brand}</h1>
      {!ready ? (
        <div className="tv-state">
          <Spinner label={S.loading} />
        </div>
      ) : failed ? (
        <div className="tv-state" role="alert">
          <h2 className="tv-state__title">{S.loadFailed}</h2>
          <p>{popular.error?.message}</p>
          <button type="button" className="tv-button" data-tv-autofocus onClick={() => void Promise.all([popular.refetch(), top.refetch()])}>
            {S.retry}
          </button>
        </div>
      ) : (
        <div className="tv-rows">
          {continueWatching.isSuccess && continueWatching.data.length > 0 ? (
            <TvRow title={S.rows.continue}>
              {continueWatching.data.map((item) => (
                <li key={`${item.animeId}-${item.episode}`}>
                  <TvCard
                    to={`/tv/watch/${item.animeId}/${item.episode}`}
                    title={item.anime.title}
                    poster={item.anime.poster}
                    fallbackPoster={item.anime.fallbackPoster}
                    meta={S.continueMeta(item.episode, item.position)}
                    label={S.continueCard(item.anime.title, item.episode, item.position)}
                    percent={item.duration ? Math.min(100, Math.round((item.position / item.duration) * 100)) : null}
                  />
                </li>
              ))}
            </TvRow>
          ) : null}
          {watching.isSuccess && watching.data.length > 0 ? (
            <TvRow title={S.rows.watching}>
              {watching.data.map((entry) => (
                <li key={entry.animeId}>
                  <TvCard to={`/tv/anime/${entry.animeId}`} title={entry.anime.title} poster={entry.anime.poster} fallbackPoster={entry.anime.fallbackPoster} />
                </li>
              ))}
            </TvRow>
          ) : null}
          {(['popular', 'top'] as const).map((name) => {
            const row = name === 'popular' ? popular : top;
            if (!row.isSuccess || row.data.length === 0) return null;
            return (
              <TvRow key={name} title={S.rows[name]}>
                {row.data.map((anime) => (
                  <li key={anime.id}>
                    <TvCard to={`/tv/anime/${anime.id}`} title={anime.title} poster={anime.poster} fallbackPoster={anime.fallbackPoster} />
                  </li>
                ))}
              </TvRow>
            );
          })}
          {(popular.data?.length ?? 0) + (top.data?.length ?? 0) === 0 ? <p className="tv-state">{S.emptyHome}</p> : null}
        </div>
      )}
    </TvScreen>
  );
}
