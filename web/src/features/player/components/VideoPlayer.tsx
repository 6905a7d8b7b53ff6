import type { Episode } from '@portal/contracts';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Spinner } from '../../../shared/ui/Spinner';
import { useSeekThumbnails } from '../api/seek-thumbnails-api';
import { usePlaybackProgress } from '../hooks/usePlaybackProgress';
import { useStreamOnDemand } from '../hooks/useStreamOnDemand';
import { offersTrackChoice } from '../../../shared/video/track-engine';
import { useTrackChoice } from '../hooks/useTrackChoice';
import { togglePlayback, useSpanSkipping, useTransientNotice } from '../hooks/useSpanSkipping';
import { useVideoState } from '../hooks/useVideoState';
import { useWatchedEpisode } from '../hooks/useWatchedEpisode';
import { isNearEnd, skipOfferAt, type SkipPreferences } from '../lib/episode-spans';
import { formatTime } from '../../../shared/lib/format-time';
import { actionForKey, focusKindOf, type PlayerAction } from '../lib/shortcuts';
import { useHlsSource } from '../../../shared/video/use-hls-source';
import { PLAYER_STRINGS } from '../strings';
import { NextEpisodePrompt } from './NextEpisodePrompt';
import { PlayerIcon } from './PlayerIcon';
import { QualityMenu } from './QualityMenu';
import { SeekBar } from './SeekBar';
import { ShortcutHelp } from './ShortcutHelp';
import { TrackMenu } from './TrackMenu';
import '../player.css';

const S = PLAYER_STRINGS;

/** How long the "Продолжаем с 12:34 · Начать сначала" notice stays. */
const NOTICE_MS = 8000;

export interface VideoPlayerProps {
  animeId: number;
  episode: Episode;
  /** The stream of the episode (an HLS playlist). */
  url: string;
  nextEpisode: number | null;
  /** Where to start (a resumed position), in seconds. */
  startPosition: number;
  preferences: SkipPreferences;
  /** Save progress and record watched episodes (a signed-in viewer). */
  track: boolean;
  onNext(): void;
  /**
   * The title's poster, drawn over the whole box until the video has started (the gateway's page shell
   * draws the same image in the same box before the script runs, see @portal/contracts' page-shells).
   */
  poster?: string;
  /** Stories: start with the shortcut help, the quality menu or the voice-over menu open. */
  initialHelpOpen?: boolean;
  initialQualityMenuOpen?: boolean;
  initialTrackMenuOpen?: boolean;
}

export function VideoPlayer({
  animeId,
  episode,
  url,
  nextEpisode,
  startPosition,
  preferences,
  track,
  onNext,
  poster,
  initialHelpOpen = false,
  initialQualityMenuOpen,
  initialTrackMenuOpen,
}: VideoPlayerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [startAt, setStartAt] = useState(startPosition);
  // Declared before the source: on unmount its last save runs while the stream is still attached.
  usePlaybackProgress(videoRef, { animeId, episode: episode.number, enabled: track });
  const stream = useStreamOnDemand();
  // The voice-over and subtitles: the viewer's pick applied to each engine the source makes.
  const tracks = useTrackChoice(animeId);
  const source = useHlsSource(videoRef, stream.demand === 'attached' ? url : null, { startPosition: startAt, loadHls: tracks.loadHls });
  const state = useVideoState(videoRef);
  useWatchedEpisode(state, { animeId, episode: episode.number, ending: episode.ending, enabled: track });
  // With the stream, not before: a phone's first visit loads nothing until the viewer plays (issue #13).
  const thumbnails = useSeekThumbnails(stream.demand === 'attached' && episode.source.kind === 'hls' ? episode.source.thumbnails : null);

  const [helpOpen, setHelpOpen] = useState(initialHelpOpen);
  const [fullscreen, setFullscreen] = useState(false);
  const [notice, setNotice] = useTransientNotice<{ text: string; startOver: boolean }>(
    startPosition > 0 ? { text: S.resumed(startPosition), startOver: true } : null,
    NOTICE_MS,
  );
  const { skipped, skip } = useSpanSkipping(videoRef, episode, preferences, (kind) => setNotice({ text: S.skipped[kind], startOver: false }));
  const [nextCancelled, setNextCancelled] = useState(false);

  const awaitingPlay = stream.demand === 'awaiting-play';
  // Before the stream, the time is no position yet (a resumed episode starts past the opening).
  const offer = awaitingPlay ? null : skipOfferAt(state.time, episode, preferences, skipped);
  const showNext = nextEpisode !== null && !nextCancelled && (state.ended || isNearEnd(state.time, state.duration, episode.ending));

  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Keys go to the player at once, without a click into it first. In the next frame, not in the commit:
  // focusing forces the style and layout of the whole newly drawn page inside React's task, which made it
  // one of the longest tasks of a phone's /watch load (issue #13); in the frame they are done anyway.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      // Unless the focus has gone somewhere meanwhile (a key already opened the shortcut help).
      if (!document.activeElement || document.activeElement === document.body) rootRef.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const { request: requestStream } = stream;
  // The play() inside the viewer's gesture also lets Safari start the stream attached just after it.
  const togglePlay = useCallback(() => {
    requestStream();
    togglePlayback(videoRef.current);
  }, [requestStream]);

  const toggleFullscreen = useCallback(() => {
    const root = rootRef.current;
    const video = videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    } else if (root?.requestFullscreen) {
      void root.requestFullscreen().catch(() => undefined);
    } else {
      // iOS Safari: only the video itself can go fullscreen.
      video?.webkitEnterFullscreen?.();
    }
  }, []);

  const apply = useCallback(
    (action: PlayerAction) => {
      const video = videoRef.current;
      if (!video) return;
      switch (action.type) {
        case 'toggle-play':
          togglePlay();
          break;
        case 'seek': {
          const end = Number.isFinite(video.duration) ? video.duration : Infinity;
          video.currentTime = Math.min(end, Math.max(0, video.currentTime + action.by));
          break;
        }
        case 'volume':
          video.volume = Math.min(1, Math.max(0, Math.round((video.volume + action.by) * 100) / 100));
          if (action.by > 0) video.muted = false;
          break;
        case 'mute':
          video.muted = !video.muted;
          break;
        case 'fullscreen':
          toggleFullscreen();
          break;
        case 'next':
          if (nextEpisode !== null) onNext();
          break;
        case 'help':
          setHelpOpen((open) => !open);
          break;
      }
    },
    [togglePlay, toggleFullscreen, nextEpisode, onNext],
  );

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target;
    // Only while the viewer is "in" the player (or nowhere): typing in the chat or the header is theirs.
    const inPlayer = target === document.body || (target instanceof Node && rootRef.current?.contains(target));
    if (!inPlayer || event.defaultPrevented) return;
    const action = actionForKey(event, focusKindOf(target));
    if (!action) return;
    event.preventDefault();
    apply(action);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const startOver = () => {
    const video = videoRef.current;
    if (video) video.currentTime = 0;
    setNotice(null);
  };

  const retry = () => {
    setStartAt(state.time);
    source.retry();
  };

  const loading = !source.error && state.duration === null && !awaitingPlay;
  const duration = state.duration ?? 0;

  return (
    <div ref={rootRef} className="player" role="region" aria-label={S.player} tabIndex={-1} data-paused={state.paused} data-fullscreen={fullscreen}>
      <video ref={videoRef} className="player__video" playsInline autoPlay preload="auto" onClick={togglePlay} onDoubleClick={toggleFullscreen} />

      {(loading || awaitingPlay) && poster ? <img className="player__poster" src={poster} alt="" decoding="async" fetchPriority="high" /> : null}
      {awaitingPlay ? (
        <button type="button" className="player__start" onClick={togglePlay} aria-label={S.startPlayback}>
          <PlayerIcon name="play" />
        </button>
      ) : null}
      {loading ? (
        <div className="player__loading">
          <Spinner label={S.loading} />
        </div>
      ) : null}

      {source.error ? (
        <div className="player__error" role="alert">
          <h2 className="player__error-title">{S.streamErrorTitle}</h2>
          <p>{S.streamErrors[source.error.kind]}</p>
          <button type="button" className="btn btn--primary" onClick={retry}>
            {S.retry}
          </button>
        </div>
      ) : null}

      {notice ? (
        <div className="player__notice" role="status">
          <span>{notice.text}</span>
          {notice.startOver ? (
            <button type="button" className="btn btn--secondary btn--small" onClick={startOver}>
              {S.startOver}
            </button>
          ) : null}
        </div>
      ) : null}

      {offer && !offer.automatic ? (
        <button type="button" className="btn btn--secondary player__skip" onClick={() => skip(offer.kind, offer.to)}>
          {S.skip[offer.kind]}
        </button>
      ) : null}

      {showNext && nextEpisode !== null ? (
        <NextEpisodePrompt
          key={state.ended ? 'ended' : 'near-end'}
          next={nextEpisode}
          counting={state.ended}
          onNext={onNext}
          onCancel={() => setNextCancelled(true)}
        />
      ) : null}

      {helpOpen ? <ShortcutHelp onClose={() => setHelpOpen(false)} /> : null}

      <div className="player__controls">
        <SeekBar
          time={state.time}
          duration={state.duration}
          onSeek={(seconds) => {
            const video = videoRef.current;
            if (video) video.currentTime = seconds;
          }}
          thumbnails={thumbnails}
        />
        <div className="player__bar">
          <button type="button" className="player__button" onClick={togglePlay} aria-label={state.paused ? S.play : S.pause}>
            <PlayerIcon name={state.paused ? 'play' : 'pause'} />
          </button>
          {nextEpisode !== null ? (
            <button type="button" className="player__button" onClick={onNext} aria-label={S.nextEpisodeNumber(nextEpisode)}>
              <PlayerIcon name="next" />
            </button>
          ) : null}
          <button type="button" className="player__button" onClick={() => apply({ type: 'mute' })} aria-label={state.muted ? S.unmute : S.mute}>
            <PlayerIcon name={state.muted || state.volume === 0 ? 'muted' : 'volume'} />
          </button>
          <input
            className="player__volume"
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={state.muted ? 0 : state.volume}
            onChange={(event) => {
              const video = videoRef.current;
              if (!video) return;
              video.volume = Number(event.target.value);
              video.muted = video.volume === 0;
            }}
            aria-label={S.volume}
            aria-valuetext={`${Math.round((state.muted ? 0 : state.volume) * 100)}%`}
          />
          <span className="player__time">
            {formatTime(state.time)} / {formatTime(duration)}
          </span>
          <span className="player__spacer" />
          {source.levels.length > 1 ? (
            <QualityMenu
              levels={source.levels}
              currentLevel={source.currentLevel}
              playingLevel={source.playingLevel}
              onSelect={source.setLevel}
              defaultOpen={initialQualityMenuOpen}
            />
          ) : null}
          {offersTrackChoice(tracks) ? (
            <TrackMenu
              audio={tracks.audio}
              subtitles={tracks.subtitles}
              audioTrack={tracks.audioTrack}
              subtitleTrack={tracks.subtitleTrack}
              onAudio={tracks.chooseAudio}
              onSubtitles={tracks.chooseSubtitles}
              defaultOpen={initialTrackMenuOpen}
            />
          ) : null}
          <button type="button" className="player__button" onClick={() => setHelpOpen((open) => !open)} aria-label={S.help} aria-expanded={helpOpen}>
            <PlayerIcon name="help" />
          </button>
          <button type="button" className="player__button" onClick={toggleFullscreen} aria-label={fullscreen ? S.exitFullscreen : S.fullscreen}>
            <PlayerIcon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
          </button>
        </div>
      </div>
    </div>
  );
}
