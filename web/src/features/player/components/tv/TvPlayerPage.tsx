import type { Episode } from '@portal/contracts';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../../shared/api/api-error';
import { Spinner } from '../../../../shared/ui/Spinner';
import { useEpisodePlayback } from '../../hooks/useEpisodePlayback';
import { decideResume } from '../../../../shared/lib/resume';
import { parsePositiveId } from '../../../../shared/lib/route-params';
import { TvVideoPlayer } from './TvVideoPlayer';
import { isBackKey } from '../../../../shared/lib/tv-keys';
import { TV_PLAYER_STRINGS } from './tv-player-strings';
import './tv-player.css';

const S = TV_PLAYER_STRINGS;

/** /tv/watch/:id/:episode — the player full screen, driven by a remote (Enter, arrows, Back). */
export default function TvPlayerPage() {
  const params = useParams();
  const navigate = useNavigate();
  const animeId = parsePositiveId(params.id);
  const episodeNumber = parsePositiveId(params.episode);
  const leave = useCallback(() => navigate(animeId === null ? '/tv' : `/tv/anime/${animeId}`), [navigate, animeId]);
  if (animeId === null) return <TvPlayerMessage title={S.notFoundTitle} text={S.notFoundText} onBack={leave} />;
  return <TvPlayerLoader key={`${animeId}-${episodeNumber}`} animeId={animeId} episodeNumber={episodeNumber} onBack={leave} />;
}

/** A full-screen message with one focused button; Enter or Back leaves. */
function TvPlayerMessage({ title, text, onBack, children }: { title: string; text?: string; onBack(): void; children?: ReactNode }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    buttonRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (isBackKey(event.key) && !event.defaultPrevented) {
        event.preventDefault();
        onBack();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onBack]);
  return (
    <div className="tv-player tv-player--message" role="alert">
      <h1 className="tv-player__message-title">{title}</h1>
      {text ? <p>{text}</p> : null}
      {children}
      <button ref={buttonRef} type="button" className="tv-player__button" onClick={onBack}>
        {S.back}
      </button>
    </div>
  );
}

function TvPlayerLoader({ animeId, episodeNumber, onBack }: { animeId: number; episodeNumber: number | null; onBack(): void }) {
  const navigate = useNavigate();
  const { user, episodes, anime, progress, loading } = useEpisodePlayback(animeId, episodeNumber);

  if (loading || episodes.isPending) {
    return (
      <div className="tv-player tv-player--message">
        <Spinner label={S.loading} />
      </div>
    );
  }
  if (episodes.isError) {
    if (isApiError(episodes.error) && episodes.error.status === 404) return <TvPlayerMessage title={S.notFoundTitle} text={S.notFoundText} onBack={onBack} />;
    return <TvPlayerMessage title={S.loadErrorTitle} text={episodes.error.message} onBack={onBack} />;
  }
  const list: Episode[] = episodes.data.episodes;
  if (list.length === 0) return <TvPlayerMessage title={S.noEpisodesTitle} text={S.noEpisodesText} onBack={onBack} />;
  const episode = list.find((item) => item.number === episodeNumber);
  if (!episode) return <TvPlayerMessage title={S.episodeNotFoundTitle} text={S.episodeNotFoundText(list.length)} onBack={onBack} />;
  if (episode.source.kind === 'iframe') {
    // An external provider's player cannot be driven by our keys: it is shown as it is, Back still leaves.
    return (
      <TvPlayerMessage title={S.pageTitle(anime.data?.title ?? null, episode.number)} onBack={onBack}>
        <iframe className="tv-player__iframe" src={episode.source.url} title={S.iframeTitle(episode.number)} allow="autoplay; fullscreen; encrypted-media" />
      </TvPlayerMessage>
    );
  }

  const index = list.indexOf(episode);
  const next = list[index + 1]?.number ?? null;
  const resume = decideResume(progress.isError ? null : (progress.data ?? null), episode.durationSeconds);
  return (
    <TvVideoPlayer
      animeId={animeId}
      title={anime.data?.title ?? null}
      episode={episode}
      url={episode.source.url}
      startPosition={resume.kind === 'resume' ? resume.position : 0}
      nextEpisode={next}
      preferences={{ skipOpening: user?.skipOpening ?? false, skipEnding: user?.skipEnding ?? false }}
      track={Boolean(user)}
      onNext={() => next !== null && navigate(`/tv/watch/${animeId}/${next}`)}
      onBack={onBack}
    />
  );
}
