import type { HlsClass, HlsLoader } from './use-hls-source';
import { NO_TRACK, trackLabel, type MediaTrack } from './track-choice';

/**
 * hls.js' alternate audio and subtitles, for the players that offer them (the episode player, the TV
 * player, the watch party): its full build, each engine handed over as it is made, and its tracks as the
 * menus list them.
 */

/** The slice of hls.js the track choice uses (`hls.audioTracks`, `hls.audioTrack = i`, `hls.subtitleTrack = -1`…). */
export interface TrackEngine {
  readonly audioTracks: readonly MediaTrack[];
  audioTrack: number;
  readonly subtitleTracks: readonly MediaTrack[];
  subtitleTrack: number;
  on(event: string, listener: (event: string, data: never) => void): void;
  destroy(): void;
}

/** hls.js' events the track choice listens to; a build or fake without tracks lacks the track ones (nothing is then offered). */
export interface TrackEvents {
  MANIFEST_PARSED?: string;
  AUDIO_TRACKS_UPDATED?: string;
  AUDIO_TRACK_SWITCHED?: string;
  SUBTITLE_TRACKS_UPDATED?: string;
  SUBTITLE_TRACK_SWITCH?: string;
}

/**
 * hls.js' full build: the light one (shared/video's default) has no alternate audio or subtitles, and an
 * uploaded episode's voice-overs are separate audio renditions (docs/media.md). Its own chunk, loaded
 * only by the pages that play them.
 */
export const loadHlsWithTracks: HlsLoader = () => import('hls.js').then((module) => module.default as unknown as HlsClass);

/** The loader `useHlsSource` gets: the same engine class, each instance handed to `onEngine` as it is made. */
export function withTrackEngines(load: HlsLoader, onEngine: (engine: TrackEngine, events: TrackEvents) => void): HlsLoader {
  return () =>
    load().then(
      (Hls) =>
        new Proxy(Hls, {
          construct(target, args) {
            const engine = Reflect.construct(target, args) as object;
            onEngine(engine as TrackEngine, target.Events as TrackEvents);
            return engine;
          },
        }),
    );
}

/** One offered track as the menus show it. */
export interface TrackOption {
  /** Its index in hls.js' list (what `hls.audioTrack` / `hls.subtitleTrack` take). */
  index: number;
  name: string;
  label: string;
}

/** hls.js' renditions as the pick reads them (NAME, language, default). */
export const mediaTracks = (tracks: readonly MediaTrack[] | undefined): MediaTrack[] =>
  (tracks ?? []).map((track) => ({ name: track.name, lang: track.lang ?? null, default: Boolean(track.default) }));

/** The renditions as the menus list them. */
export const trackOptions = (tracks: readonly MediaTrack[]): TrackOption[] =>
  tracks.map((track, index) => ({ index, name: track.name, label: trackLabel(track) }));

/** A menu is worth showing: a voice-over to switch to, or subtitles to turn on. */
export const offersTrackChoice = ({ audio, subtitles }: { audio: readonly TrackOption[]; subtitles: readonly TrackOption[] }) =>
  audio.length >= 2 || subtitles.length >= 1;

/** What a track menu shows of an engine: its voice-overs and subtitles and the ones playing. */
export interface TrackSnapshot {
  audio: TrackOption[];
  subtitles: TrackOption[];
  audioTrack: number;
  subtitleTrack: number;
}

/** No engine (none yet, or destroyed with its stream). */
export const NO_TRACKS: TrackSnapshot = { audio: [], subtitles: [], audioTrack: NO_TRACK, subtitleTrack: NO_TRACK };

export const trackSnapshotOf = (engine: TrackEngine): TrackSnapshot => ({
  audio: trackOptions(mediaTracks(engine.audioTracks)),
  subtitles: trackOptions(mediaTracks(engine.subtitleTracks)),
  audioTrack: engine.audioTrack,
  subtitleTrack: engine.subtitleTrack,
});

/** Runs `onDestroyed` when the engine is destroyed (its stream detached), before hls.js' own clean-up. */
export function whenDestroyed(engine: TrackEngine, onDestroyed: () => void): void {
  const destroy = engine.destroy.bind(engine);
  engine.destroy = () => {
    onDestroyed();
    destroy();
  };
}
