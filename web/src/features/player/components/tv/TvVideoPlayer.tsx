import type { Episode } from '@portal/contracts';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useHlsSource } from '../../../../shared/video/use-hls-source';
import { useSeekThumbnails } from '../../api/seek-thumbnails-api';
import { offersTrackChoice } from '../../../../shared/video/track-engine';
import { useTrackChoice } from '../../hooks/useTrackChoice';
import { Spinner } from '../../../../shared/ui/Spinner';
import { usePlaybackProgress } from '../../hooks/usePlaybackProgress';
import { togglePlayback, useSpanSkipping, useTransientNotice } from '../../hooks/useSpanSkipping';
import { useVideoState } from '../../hooks/useVideoState';
import { useWatchedEpisode } from '../../hooks/useWatchedEpisode';
import { isNearEnd, skipOfferAt, type SkipPreferences } from '../../lib/episode-spans';
import { formatTime } from '../../../../shared/lib/format-time';
import { AUTO_LEVEL, currentQualityLabel, levelLabel } from '../../lib/quality';
import { NO_TRACK } from '../../../../shared/video/track-choice';
import { thumbnailAt } from '../../lib/seek-thumbnails';
import { SeekPreview } from '../SeekPreview';
import { tvPlayerAction } from './tv-keys';
import { TV_PLAYER_STRINGS } from './tv-player-strings';

const S = TV_PLAYER_STRINGS;

/** How long the controls stay after the last key while playing. */
const CONTROLS_MS = 4000;
const NOTICE_MS = 6000;
/** How long the picture of the time ←/→ went to stays above the bar after the last of them. */
const SEEK_PREVIEW_MS = 1500;
/** The seek preview's picture on a TV, seen from the sofa: 240×135 for the usual 160×90. */
const SEEK_PREVIEW_SCALE = 1.5;

export interface TvVideoPlayerProps {
  animeId: number;
  title: string | null;
  episode: Episode;
  url: string;
  startPosition: number;
  nextEpisode: number | null;
  preferences: SkipPreferences;
  track: boolean;
  onNext(): void;
  onBack(): void;
  /** Stories: start with the controls and the settings (quality, voice-over, subtitles rows) open. */
  initialQualityOpen?: boolean;
}

/** The rows ↑ opens, top to bottom. */
type SettingsRow = 'quality' | 'audio' | 'subtitles';

/**
 * The picture full screen with a remote's controls: Enter plays or pauses, ←/→ seek 10 s (with seek
 * thumbnails, the picture of the time they went to shows above the bar for a moment), ↑ shows
 * the controls with the settings: the quality row and, when the stream offers them, the voice-over
 * («Озвучка») and subtitles («Субтитры») rows (←/→ along a row, ↑/↓ between rows, Enter picks), ↓
 * hides them, Back leaves (closing the rows first). Progress, watched episodes, skipping openings and
 * the remembered voice-over work as on the page player; inside an opening or ending not skipped by
 * itself, a focused "Пропустить" button takes Enter.
 */
export function TvVideoPlayer({
  animeId,
  title,
  episode,
  url,
  startPosition,
  nextEpisode,
  preferences,
  track,
  onNext,
  onBack,
  initialQualityOpen = false,
}: TvVideoPlayerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const settingsRef = useRef<HTMLDivElement>(null);
  const [startAt, setStartAt] = useState(startPosition);
  usePlaybackProgress(videoRef, { animeId, episode: episode.number, enabled: track });
  const tracks = useTrackChoice(animeId);
  const source = useHlsSource(videoRef, url, { startPosition: startAt, loadHls: tracks.loadHls });
  const state = useVideoState(videoRef);
  useWatchedEpisode(state, { animeId, episode: episode.number, ending: episode.ending, enabled: track });
  const thumbnails = useSeekThumbnails(episode.source.kind === 'hls' ? episode.source.thumbnails : null);
  // The time the last ←/→ went to, for a moment: its picture shows above the bar (with seek thumbnails).
  const [seekTarget, setSeekTarget] = useState<{ time: number } | null>(null);
  useEffect(() => {
    if (!seekTarget) return undefined;
    const timer = setTimeout(() => setSeekTarget(null), SEEK_PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [seekTarget]);

  const [controlsUntil, setControlsUntil] = useState<number | null>(() => (initialQualityOpen ? Infinity : Date.now() + CONTROLS_MS));
  const [settingsOpen, setSettingsOpen] = useState(initialQualityOpen);
  const [notice, setNotice] = useTransientNotice<string>(startPosition > 0 ? S.resumed(startPosition) : null, NOTICE_MS);
  const { skipped, skip } = useSpanSkipping(videoRef, episode, preferences, (kind) => setNotice(S.skipped[kind]));
  const offer = skipOfferAt(state.time, episode, preferences, skipped);
  const showNext = nextEpisode !== null && (state.ended || isNearEnd(state.time, state.duration, episode.ending));
  const controlsVisible = controlsUntil !== null || state.paused || settingsOpen || Boolean(source.error);
  const withTracks = offersTrackChoice(tracks);
  const rows: SettingsRow[] = [
    ...(source.levels.length > 1 ? (['quality'] as const) : []),
    ...(withTracks && tracks.audio.length > 0 ? (['audio'] as const) : []),
    ...(withTracks && tracks.subtitles.length > 0 ? (['subtitles'] as const) : []),
  ];
  // What ↑ offers to change: the quality, a voice-over to switch to, subtitles to turn on.
  const hint = withTracks
    ? S.hintWithRows([
        ...(source.levels.length > 1 ? [S.rowNames.quality] : []),
        ...(tracks.audio.length > 1 ? [S.rowNames.audio] : []),
        ...(tracks.subtitles.length > 0 ? [S.rowNames.subtitles] : []),
      ])
    : S.hint;

  const showControls = useCallback(() => setControlsUntil(Date.now() + CONTROLS_MS), []);
  useEffect(() => {
    if (controlsUntil === null || controlsUntil === Infinity) return undefined;
    const timer = setTimeout(() => setControlsUntil(null), Math.max(0, controlsUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [controlsUntil]);

  // Keys reach the player at once: an offered skip takes the focus (Enter skips), otherwise the root
  // holds it whenever nothing else does (at the start, and once the skip button has gone).
  const skipRef = useRef<HTMLButtonElement>(null);
  const offeredSkip = offer && !offer.automatic ? offer.kind : null;
  useEffect(() => {
    if (offeredSkip) skipRef.current?.focus({ preventScroll: true });
    else if (!rootRef.current?.contains(document.activeElement)) rootRef.current?.focus({ preventScroll: true });
  }, [offeredSkip]);

  const settingRows = () => [...(settingsRef.current?.querySelectorAll<HTMLElement>('[role="group"]') ?? [])];

  const openSettings = () => {
    showControls();
    if (rows.length === 0) return;
    setSettingsOpen(true);
  };
  useEffect(() => {
    if (settingsOpen) enterRow(settingsRef.current?.querySelector('[role="group"]'));
  }, [settingsOpen]);

  const closeSettings = () => {
    setSettingsOpen(false);
    setControlsUntil(null);
    rootRef.current?.focus({ preventScroll: true });
  };

  const togglePlay = () => togglePlayback(videoRef.current);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const focused = document.activeElement;
    const onOwnButton = focused instanceof HTMLButtonElement && rootRef.current?.contains(focused);
    // Enter on a focused button (next episode, retry, a quality) is that button's click.
    if (onOwnButton && !settingsOpen && (event.key === 'Enter' || event.key === ' ')) return;
    const action = tvPlayerAction(event.key, settingsOpen);
    if (!action) return;
    event.preventDefault();
    const video = videoRef.current;
    switch (action.type) {
      case 'back':
        onBack();
        return;
      case 'toggle-play':
        togglePlay();
        showControls();
        return;
      case 'seek':
        if (video) {
          const end = Number.isFinite(video.duration) ? video.duration : Infinity;
          const target = Math.min(end, Math.max(0, video.currentTime + action.by));
          video.currentTime = target;
          setSeekTarget({ time: target });
        }
        showControls();
        return;
      case 'show-settings':
        openSettings();
        return;
      case 'hide':
        closeSettings();
        return;
      case 'move': {
        const buttons = buttonsOf(focused?.closest('[role="group"]') ?? settingRows()[0]);
        const index = buttons.indexOf(focused as HTMLButtonElement);
        buttons[Math.min(buttons.length - 1, Math.max(0, index + action.by))]?.focus();
        return;
      }
      case 'row': {
        const all = settingRows();
        const current = all.findIndex((row) => row.contains(focused));
        const next = current + action.by;
        // ↓ past the last row closes the settings, as ↓ hides the controls; ↑ on the first stays.
        if (next >= all.length) closeSettings();
        else if (next >= 0) enterRow(all[next]);
        return;
      }
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const chooseLevel = (index: number) => {
    source.setLevel(index);
    closeSettings();
  };
  const chooseAudio = (index: number) => {
    tracks.chooseAudio(index);
    closeSettings();
  };
  const chooseSubtitles = (index: number) => {
    tracks.chooseSubtitles(index);
    closeSettings();
  };
  const audioLabel = tracks.audio.find((option) => option.index === tracks.audioTrack)?.label ?? null;
  const subtitlesLabel = tracks.subtitles.find((option) => option.index === tracks.subtitleTrack)?.label ?? null;

  const retry = () => {
    setStartAt(state.time);
    source.retry();
  };

  const duration = state.duration ?? 0;
  const percent = duration > 0 ? Math.min(100, (state.time / duration) * 100) : 0;
  const loading = !source.error && state.duration === null;
  const seekThumbnail = thumbnails && seekTarget && duration > 0 ? thumbnailAt(thumbnails, seekTarget.time) : null;

  return (
    <div ref={rootRef} className="tv-player" role="region" aria-label={S.player} tabIndex={-1} data-controls={controlsVisible} data-paused={state.paused}>
      <video ref={videoRef} className="tv-player__video" playsInline autoPlay preload="auto" />

      {loading ? (
        <div className="tv-player__center">
          <Spinner label={S.loading} />
        </div>
      ) : null}

      {source.error ? (
        <div className="tv-player__center tv-player__error" role="alert">
          <h2>{S.streamErrorTitle}</h2>
          <p>{S.streamErrors[source.error.kind]}</p>
          <button type="button" className="tv-player__button" onClick={retry} autoFocus>
            {S.retry}
          </button>
        </div>
      ) : null}

      {notice ? (
        <p className="tv-player__notice" role="status">
          {notice}
        </p>
      ) : null}

      {offer && !offer.automatic ? (
        <div className="tv-player__skip">
          <button
            ref={skipRef}
            type="button"
            className="tv-player__button"
            onClick={() => {
              skip(offer.kind, offer.to);
              // The button lasts until the next timeupdate: a second Enter meanwhile must pause, not skip again.
              rootRef.current?.focus({ preventScroll: true });
            }}
          >
            {S.skip[offer.kind]}
          </button>
        </div>
      ) : null}

      {showNext && nextEpisode !== null ? (
        <div className="tv-player__next">
          <button type="button" className="tv-player__button" onClick={onNext} autoFocus={state.ended}>
            {S.nextPrompt(nextEpisode)}
          </button>
        </div>
      ) : null}

      <div className="tv-player__controls" aria-hidden={!controlsVisible}>
        <div className="tv-player__heading">
          <h1 className="tv-player__title">{S.pageTitle(title, episode.number)}</h1>
          <span className="tv-player__state" role="status">
            {state.paused ? S.paused : S.playing}
          </span>
        </div>
        <div className="tv-player__seek">
          {seekThumbnail && seekTarget ? (
            <SeekPreview
              thumbnail={seekThumbnail}
              time={seekTarget.time}
              fraction={seekTarget.time / duration}
              scale={SEEK_PREVIEW_SCALE}
              className="tv-player__seek-preview"
            />
          ) : null}
          <div
            className="tv-player__track"
            role="progressbar"
            aria-label={S.seek}
            aria-valuemin={0}
            aria-valuemax={Math.round(duration)}
            aria-valuenow={Math.round(state.time)}
            aria-valuetext={S.seekValue(state.time, duration)}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>
        <div className="tv-player__bar">
          <span className="tv-player__time">
            {formatTime(state.time)} / {formatTime(duration)}
          </span>
          <span className="tv-player__hint">{hint}</span>
          <span className="tv-player__labels">
            {source.levels.length > 1 ? (
              <span>{S.qualityButton(currentQualityLabel(source.levels, source.currentLevel, source.playingLevel, S.auto))}</span>
            ) : null}
            {withTracks && audioLabel ? <span>{S.audioLabel(audioLabel)}</span> : null}
            {withTracks && tracks.subtitles.length > 0 ? <span>{S.subtitlesLabel(subtitlesLabel)}</span> : null}
          </span>
        </div>
        {settingsOpen ? (
          <div ref={settingsRef} className="tv-player__settings">
            {rows.includes('quality') ? (
              <SettingsRowButtons
                label={S.qualityRow}
                options={[{ index: AUTO_LEVEL, label: S.auto }, ...source.levels.map((level) => ({ index: level.index, label: levelLabel(level) }))]}
                current={source.currentLevel}
                onChoose={chooseLevel}
              />
            ) : null}
            {rows.includes('audio') ? <SettingsRowButtons label={S.audio} options={tracks.audio} current={tracks.audioTrack} onChoose={chooseAudio} /> : null}
            {rows.includes('subtitles') ? (
              <SettingsRowButtons
                label={S.subtitles}
                options={[{ index: NO_TRACK, label: S.subtitlesOff }, ...tracks.subtitles]}
                current={tracks.subtitleTrack}
                onChoose={chooseSubtitles}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

const buttonsOf = (row: Element | null | undefined) => [...(row?.querySelectorAll<HTMLButtonElement>('button') ?? [])];

/** Focuses a row of the settings on its current choice. */
function enterRow(row: Element | null | undefined) {
  const buttons = buttonsOf(row);
  (buttons.find((button) => button.getAttribute('aria-pressed') === 'true') ?? buttons[0])?.focus();
}

/** One row of the settings: its name, and a button per option, the current one pressed. */
function SettingsRowButtons({
  label,
  options,
  current,
  onChoose,
}: {
  label: string;
  options: ReadonlyArray<{ index: number; label: string }>;
  current: number;
  onChoose(index: number): void;
}) {
  return (
    <div className="tv-player__quality" role="group" aria-label={label}>
      <span className="tv-player__row-label" aria-hidden="true">
        {label}
      </span>
      {options.map((option) => (
        <button
          key={option.index}
          type="button"
          className="tv-player__button tv-player__button--quality"
          aria-pressed={current === option.index}
          onClick={() => onChoose(option.index)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
