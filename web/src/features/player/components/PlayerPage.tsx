import type { Episode } from '@portal/contracts';
import { Suspense, useCallback, type ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { Icon } from '../../../shared/ui/Icon';
import { PageNotFound } from '../../../shared/ui/PageNotFound';
import { Spinner } from '../../../shared/ui/Spinner';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { useEpisodePlayback } from '../hooks/useEpisodePlayback';
import { useViewerWatchedEpisodes } from '../hooks/useViewerWatchedEpisodes';
import { decideResume } from '../../../shared/lib/resume';
import { parsePositiveId } from '../../../shared/lib/route-params';
import { PLAYER_STRINGS } from '../strings';
import { EpisodeList } from './EpisodeList';
import { IframePlayer } from './IframePlayer';
import { MarkWatchedButton } from './MarkWatchedButton';
import { VideoPlayer } from './VideoPlayer';
import '../player.css';

const S = PLAYER_STRINGS;

/** Other features' controls shown under the video (features may not import each other). */
export type EpisodeAction = ComponentType<{ animeId: number; episode: number }>;

/** /watch/:id/:episode */
export default function PlayerPage({ episodeActions = [] }: { episodeActions?: readonly EpisodeAction[] }) {
  const params = useParams();
  const animeId = parsePositiveId(params.id);
  if (animeId === null) {
    return <PageNotFound title={S.notFoundTitle} text={S.notFoundText} backTo="/catalog" backLabel={S.toCatalogue} />;
  }
  return <PlayerLoader animeId={animeId} episodeNumber={parsePositiveId(params.episode)} episodeActions={episodeActions} />;
}

interface PlayerLoaderProps {
  animeId: number;
  episodeNumber: number | null;
  episodeActions: readonly EpisodeAction[];
}

function PlayerLoader({ animeId, episodeNumber, episodeActions }: PlayerLoaderProps) {
  const { episodes, anime, progress, loading } = useEpisodePlayback(animeId, episodeNumber);
  const watched = useViewerWatchedEpisodes(animeId);
  const title = anime.data?.title ?? null;

  if (loading || episodes.isPending) {
    return (
      <div className="page state-panel" aria-busy="true">
        <Spinner label={S.loading} />
      </div>
    );
  }
  if (episodes.isError) {
    if (isApiError(episodes.error) && episodes.error.status === 404) {
      return <PageNotFound title={S.notFoundTitle} text={S.notFoundText} backTo="/catalog" backLabel={S.toCatalogue} />;
    }
    return (
      <div className="page">
        <StatePanel
          icon={<Icon name="tools" sizePx={40} />}
          title={S.loadErrorTitle}
          text={episodes.error.message}
          actions={<Button onClick={() => void episodes.refetch()}>{S.retry}</Button>}
        />
      </div>
    );
  }

  const list = episodes.data.episodes;
  if (list.length === 0) {
    return (
      <div className="page">
        <StatePanel
          icon={<Icon name="compass" sizePx={40} />}
          title={S.noEpisodesTitle}
          text={S.noEpisodesText}
          actions={<ButtonLink to={`/anime/${animeId}`}>{S.toAnime}</ButtonLink>}
        />
      </div>
    );
  }

  const episode = list.find((item) => item.number === episodeNumber);
  if (!episode) {
    return (
      <div className="page">
        <StatePanel
          icon={<Icon name="compass" sizePx={40} />}
          title={S.episodeNotFoundTitle}
          text={S.episodeNotFoundText(list.length)}
          actions={
            <>
              <ButtonLink to={`/watch/${animeId}/${list[0]!.number}`}>{S.toFirstEpisode}</ButtonLink>
              <ButtonLink to={`/anime/${animeId}`} variant="secondary">
                {S.toAnime}
              </ButtonLink>
            </>
          }
        />
        <EpisodeList animeId={animeId} episodes={list} watched={watched} />
      </div>
    );
  }

  // A failed progress read starts from the beginning (SPEC §8: progress reads answer null on failure).
  const resume = decideResume(progress.isError ? null : (progress.data ?? null), episode.durationSeconds);
  return (
    <WatchView
      key={`${animeId}-${episode.number}`}
      animeId={animeId}
      title={title}
      poster={anime.data?.poster}
      episodes={list}
      episode={episode}
      startPosition={resume.kind === 'resume' ? resume.position : 0}
      watched={watched}
      episodeActions={episodeActions}
    />
  );
}

interface WatchViewProps {
  animeId: number;
  title: string | null;
  /** The title's poster, in the player's box until the video starts. */
  poster?: string;
  episodes: Episode[];
  episode: Episode;
  startPosition: number;
  /** The viewer's watched episodes, marked in the list. */
  watched?: readonly number[];
  episodeActions?: readonly EpisodeAction[];
}

export function WatchView({ animeId, title, poster, episodes, episode, startPosition, watched = [], episodeActions = [] }: WatchViewProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const index = episodes.findIndex((item) => item.number === episode.number);
  const nextEpisode = episodes[index + 1]?.number ?? null;
  const goNext = useCallback(() => {
    if (nextEpisode !== null) navigate(`/watch/${animeId}/${nextEpisode}`);
  }, [navigate, animeId, nextEpisode]);
  const preferences = { skipOpening: user?.skipOpening ?? false, skipEnding: user?.skipEnding ?? false };
  const iframe = episode.source.kind === 'iframe';

  return (
    <div className="page player-page">
      <p className="player-page__back">
        <Link to={`/anime/${animeId}`}>← {title ?? S.toAnime}</Link>
      </p>
      <h1 className="player-page__title">{S.pageTitle(title, episode.number)}</h1>
      <div className="player-page__layout">
        <div className="player-page__main">
          {iframe ? (
            <IframePlayer url={episode.source.url} episode={episode.number} />
          ) : (
            <VideoPlayer
              animeId={animeId}
              episode={episode}
              url={episode.source.url}
              nextEpisode={nextEpisode}
              startPosition={startPosition}
              preferences={preferences}
              track={Boolean(user)}
              onNext={goNext}
              poster={poster}
            />
          )}
          <div className="player-page__below">
            {episode.title ? <p className="player-page__episode-title">{S.episodeTitle(episode.number, episode.title)}</p> : <span />}
            {iframe && user ? <MarkWatchedButton animeId={animeId} episode={episode.number} watched={watched.includes(episode.number)} /> : null}
            {/* A watch party cannot keep an external player in sync. */}
            {iframe ? null : (
              <Suspense fallback={null}>
                {episodeActions.map((Action, i) => (
                  <Action key={i} animeId={animeId} episode={episode.number} />
                ))}
              </Suspense>
            )}
            {nextEpisode !== null ? (
              <ButtonLink to={`/watch/${animeId}/${nextEpisode}`} variant="secondary">
                {S.nextEpisodeNumber(nextEpisode)}
              </ButtonLink>
            ) : null}
          </div>
        </div>
        <aside className="player-page__episodes" aria-labelledby="player-episodes-title">
          <h2 id="player-episodes-title" className="player-page__episodes-title">
            {S.episodes}
          </h2>
          <EpisodeList animeId={animeId} episodes={episodes} current={episode.number} watched={watched} />
        </aside>
      </div>
    </div>
  );
}
