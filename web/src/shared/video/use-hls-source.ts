import { createContext, useCallback, useContext, useEffect, useRef, useState, type RefObject } from 'react';
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';

/**
 * Attaches an HLS stream to a <video>: hls.js where Media Source Extensions exist, the browser's own
 * HLS (Safari, iOS) where they do not, an "unsupported" error elsewhere. Shared by the player page
 * and the watch party; the UI around it lives in the player's components.
 */

/** One rendition of the stream, as the quality menu needs it. */
export interface QualityLevel {
  /** Index in hls.js' level list (what `setLevel` takes). */
  index: number;
  /** Picture height in pixels; null when the playlist does not say. */
  height: number | null;
  /** Bits per second. */
  bitrate: number;
}

export type HlsErrorKind = 'network' | 'media' | 'unsupported' | 'other';

export interface HlsSourceError {
  kind: HlsErrorKind;
  /** hls.js' error details (e.g. "manifestLoadError") or the media error code, for logs. */
  details: string;
}

export interface HlsSourceState {
  /** Renditions, best first; empty in native mode (the browser picks) and until the manifest is read. */
  levels: QualityLevel[];
  /** The chosen level index, or -1 for automatic selection. */
  currentLevel: number;
  /** The level actually playing (also under "auto"), or -1 while unknown. */
  playingLevel: number;
  setLevel(index: number): void;
  /** A fatal error: playback stopped until `retry()`. */
  error: HlsSourceError | null;
  /** Attaches the source again from scratch (after an error). */
  retry(): void;
}

export interface UseHlsSourceOptions {
  /** Where to start, in seconds (resume); read when the source is (re)attached, so a retry passes the current time. */
  startPosition?: number;
  /** Replaces the hls.js loader (tests and stories); the context below does the same for a subtree. */
  loadHls?: HlsLoader;
}

// The slice of hls.js this hook uses: lets tests and stories provide a fake engine.
export interface HlsInstance {
  readonly levels: ReadonlyArray<{ height?: number; bitrate: number }>;
  /** The live configuration: hls.js reads the buffer cap from it on every tick. */
  readonly config: { maxMaxBufferLength: number };
  currentLevel: number;
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(event: string, listener: (event: string, data: never) => void): void;
  recoverMediaError(): void;
  destroy(): void;
}

export interface HlsClass {
  new (config?: Record<string, unknown>): HlsInstance;
  isSupported(): boolean;
  readonly Events: { readonly MANIFEST_PARSED: string; readonly LEVEL_SWITCHED: string; readonly ERROR: string };
  readonly ErrorTypes: { readonly NETWORK_ERROR: string; readonly MEDIA_ERROR: string };
}

export type HlsLoader = () => Promise<HlsClass>;

/**
 * hls.js, loaded only when a stream is attached (never for native HLS browsers' first paint), and its
 * light build: a third smaller (no subtitles, alternate audio tracks, DRM or interstitials, none of which
 * the portal's streams have), so the first frame of /watch waits for less code (issue #13).
 */
export const loadHlsJs: HlsLoader = () => import('hls.js/light').then((module) => module.default as unknown as HlsClass);

/**
 * How hls.js loads (issue #13, a phone's main thread and data plan):
 * - workerPath: its ES module build has no worker of its own, so without its worker file it demuxes every
 *   segment on the main thread;
 * - maxMaxBufferLength: at most 30 s ahead. hls.js otherwise sizes the forward buffer by its 60 MB budget,
 *   minutes ahead at a phone's bitrates (all of a short episode at once: a request and an append per
 *   segment on the main thread while the page loads, and data the viewer may never watch).
 *   Until the video plays, only its first seconds: a phone does not autoplay a video with sound on a cold
 *   visit, so the page would otherwise load 30 s (fifteen 2 s segments, each a request and an append on
 *   the main thread) while it loads, for a viewer who may not press play. `bufferFullyOnPlay` raises it.
 */
export const PLAYING_BUFFER_SECONDS = 30;
export const IDLE_BUFFER_SECONDS = 6;
const HLS_LOADING = { workerPath: hlsWorkerUrl, maxMaxBufferLength: IDLE_BUFFER_SECONDS } as const;

/** Provides another HLS engine to every player below (stories use a fake one, as jsdom has no MSE). */
export const HlsLoaderContext = createContext<HlsLoader | null>(null);

export const HLS_MIME = 'application/vnd.apple.mpegurl';

interface ErrorPayload {
  type?: string;
  details?: string;
  fatal?: boolean;
}

interface LevelSwitchedPayload {
  level?: number;
}

/** Renditions best first; equal heights are ordered by bitrate. */
export function toQualityLevels(levels: HlsInstance['levels']): QualityLevel[] {
  return levels
    .map((level, index) => ({ index, height: level.height && level.height > 0 ? level.height : null, bitrate: level.bitrate }))
    .sort((a, b) => (b.height ?? 0) - (a.height ?? 0) || b.bitrate - a.bitrate);
}

/** Raises the buffer cap to the playing one once the viewer (or autoplay) starts the video. */
function bufferFullyOnPlay(hls: HlsInstance, video: HTMLVideoElement): () => void {
  const raise = () => {
    hls.config.maxMaxBufferLength = PLAYING_BUFFER_SECONDS;
  };
  // Already asked to play before the stream attached (the viewer's press on a player that waited for it).
  if (!video.paused) {
    raise();
    return () => undefined;
  }
  video.addEventListener('play', raise, { once: true });
  return () => video.removeEventListener('play', raise);
}

function mediaErrorKind(video: HTMLVideoElement): HlsSourceError {
  const code = video.error?.code;
  // MEDIA_ERR_NETWORK = 2, MEDIA_ERR_SRC_NOT_SUPPORTED = 4
  if (code === 2) return { kind: 'network', details: 'MEDIA_ERR_NETWORK' };
  if (code === 4) return { kind: 'unsupported', details: 'MEDIA_ERR_SRC_NOT_SUPPORTED' };
  return { kind: 'media', details: `MEDIA_ERR_${code ?? 'UNKNOWN'}` };
}

export function useHlsSource(videoRef: RefObject<HTMLVideoElement | null>, url: string | null, options: UseHlsSourceOptions = {}): HlsSourceState {
  const { startPosition = 0 } = options;
  const contextLoader = useContext(HlsLoaderContext);
  const load = options.loadHls ?? contextLoader ?? loadHlsJs;
  const [attempt, setAttempt] = useState(0);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [currentLevel, setCurrentLevel] = useState(-1);
  const [playingLevel, setPlayingLevel] = useState(-1);
  const [error, setError] = useState<HlsSourceError | null>(null);
  const instance = useRef<HlsInstance | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!url || !video) return undefined;
    // Read once per attach: a later change of the start position must not reload the stream.
    const start = startPosition;
    let cancelled = false;
    let hls: HlsInstance | null = null;
    const cleanups: Array<() => void> = [];

    const seekToStart = () => {
      if (start > 0 && Math.abs(video.currentTime - start) > 0.5) video.currentTime = start;
    };
    const onMetadata = () => seekToStart();
    video.addEventListener('loadedmetadata', onMetadata, { once: true });
    cleanups.push(() => video.removeEventListener('loadedmetadata', onMetadata));

    const attachNative = () => {
      const onError = () => setError(mediaErrorKind(video));
      video.addEventListener('error', onError);
      cleanups.push(() => video.removeEventListener('error', onError));
      video.src = url;
    };

    load()
      .then((Hls) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          if (video.canPlayType(HLS_MIME)) attachNative();
          else setError({ kind: 'unsupported', details: 'NO_MSE_NO_NATIVE_HLS' });
          return;
        }
        const created = new Hls({ startPosition: start > 0 ? start : -1, capLevelToPlayerSize: true, ...HLS_LOADING });
        hls = created;
        let mediaRecoveries = 0;
        created.on(Hls.Events.MANIFEST_PARSED, () => {
          setLevels(toQualityLevels(created.levels));
          setCurrentLevel(-1);
        });
        created.on(Hls.Events.LEVEL_SWITCHED, (_event, data: LevelSwitchedPayload) => setPlayingLevel(data.level ?? -1));
        created.on(Hls.Events.ERROR, (_event, data: ErrorPayload) => {
          if (!data.fatal) return;
          // One media error (a decoder hiccup) is recoverable in place; a second one is not.
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries === 0) {
            mediaRecoveries += 1;
            created.recoverMediaError();
            return;
          }
          const kind: HlsErrorKind = data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'network' : data.type === Hls.ErrorTypes.MEDIA_ERROR ? 'media' : 'other';
          setError({ kind, details: data.details ?? 'unknown' });
        });
        created.loadSource(url);
        created.attachMedia(video);
        cleanups.push(bufferFullyOnPlay(created, video));
        instance.current = created;
      })
      .catch(() => {
        // hls.js failed to load (offline, blocked chunk): the browser's own HLS may still do.
        if (cancelled) return;
        if (video.canPlayType(HLS_MIME)) attachNative();
        else setError({ kind: 'network', details: 'HLS_JS_LOAD_FAILED' });
      });

    return () => {
      cancelled = true;
      cleanups.forEach((cleanup) => cleanup());
      hls?.destroy();
      instance.current = null;
      setLevels([]);
      setCurrentLevel(-1);
      setPlayingLevel(-1);
      setError(null);
      if (video.getAttribute('src')) {
        video.removeAttribute('src');
        video.load();
      }
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [videoRef, url, load, attempt]);

  const setLevel = useCallback((index: number) => {
    if (!instance.current) return;
    instance.current.currentLevel = index;
    setCurrentLevel(index);
  }, []);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  return { levels, currentLevel, playingLevel, setLevel, error, retry };
}
