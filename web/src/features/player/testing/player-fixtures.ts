import type { AnimeEpisodes, AnimeListEntry, Episode, ProgressPoint, TrackChoice } from '@portal/contracts';
import type { HlsClass, HlsInstance, HlsLoader } from '../../../shared/video/use-hls-source';
import type { MediaTrack } from '../../../shared/video/track-choice';

/** Data and a fake HLS engine for the player's tests and stories (stories/features/player). Not part of the app bundle. */

export const ANIME_ID = 20;
export const EPISODE_SECONDS = 1420;

export function episode(number: number, overrides: Partial<Episode> = {}): Episode {
  return {
    animeId: ANIME_ID,
    number,
    title: number === 1 ? 'Возвращение Узумаки Наруто' : number === 2 ? 'Меня зовут Конохамару!' : null,
    durationSeconds: EPISODE_SECONDS,
    source: { kind: 'hls', url: `/media/samples/${ANIME_ID}/${number}/master.m3u8`, qualities: [1080, 720, 480], thumbnails: null },
    opening: { start: 30, end: 120 },
    ending: { start: 1300, end: 1390 },
    ...overrides,
  };
}

export const animeEpisodes = (count = 3, overrides: Partial<Episode> = {}): AnimeEpisodes => ({
  animeId: ANIME_ID,
  episodes: Array.from({ length: count }, (_, index) => episode(index + 1, overrides)),
});

export const progressPoint = (episodeNumber: number, position: number, overrides: Partial<ProgressPoint> = {}): ProgressPoint => ({
  animeId: ANIME_ID,
  episode: episodeNumber,
  position,
  duration: EPISODE_SECONDS,
  updatedAt: '2025-01-10T18:00:00.000Z',
  ...overrides,
});

/** Only what the player page reads from /api/anime/:id. */
export const animeTitle = { id: ANIME_ID, title: 'Наруто' };

/** The viewer's list entry of the title (GET /api/users/anime/:id): what marks episodes watched. */
export const viewerEntry = (overrides: Partial<AnimeListEntry> = {}): AnimeListEntry => ({
  animeId: ANIME_ID,
  status: 'watching',
  progress: 0,
  userRating: null,
  watchedEpisodes: [],
  rewatches: 0,
  anime: {
    id: ANIME_ID,
    title: 'Наруто',
    poster: `/api/anime/${ANIME_ID}/poster.svg`,
    fallbackPoster: `/api/anime/${ANIME_ID}/poster.svg`,
    episodes: 220,
    kind: 'tv',
    year: 2002,
  },
  updatedAt: '2025-01-10T18:00:00.000Z',
  ...overrides,
});

/** Where an uploaded episode's seek thumbnails are (its `source.thumbnails`), as the catalogue answers them. */
export const THUMBNAILS_URL = `/media/episodes/${ANIME_ID}/1/e1-a1/thumbnails/thumbnails.vtt`;

/** An uploaded episode: its source has seek thumbnails at THUMBNAILS_URL. */
export const uploadedEpisode = (number: number, overrides: Partial<Episode> = {}): Episode =>
  episode(number, {
    source: { kind: 'hls', url: `/media/episodes/${ANIME_ID}/${number}/e${number}-a1/master.m3u8`, qualities: [1080, 720, 480], thumbnails: THUMBNAILS_URL },
    ...overrides,
  });

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * A sprite of seek thumbnails, 160×90 each in rows of 10 (an SVG data URL: stories need no binary
 * file): thumbnail `i` of it is the time `(first + i) × interval`, drawn in a hue of its own with that time.
 */
export function spriteDataUrl(first: number, count: number, interval: number): string {
  const rows = Math.ceil(count / 10);
  const tiles = Array.from({ length: count }, (_, index) => {
    const [x, y] = [(index % 10) * 160, Math.floor(index / 10) * 90];
    const hue = ((first + index) * 47) % 360;
    return `<rect x="${x}" y="${y}" width="160" height="90" fill="hsl(${hue} 60% 35%)"/><text x="${x + 80}" y="${y + 55}">${clock((first + index) * interval)}</text>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.min(count, 10) * 160}" height="${rows * 90}" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">${tiles.join('')}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * A seek-thumbnails track as the catalogue writes it (one cue every `interval` s, the last up to
 * `duration`, `sprite#xywh=x,y,w,h`), its sprites data URLs of spriteDataUrl in sprites of 10 × 10.
 */
export function seekThumbnailsVtt(duration = EPISODE_SECONDS, interval = 60): string {
  const count = Math.ceil(duration / interval);
  const stamp = (seconds: number) => new Date(seconds * 1000).toISOString().slice(11, 23);
  const sprites = Array.from({ length: Math.ceil(count / 100) }, (_, sprite) => spriteDataUrl(sprite * 100, Math.min(100, count - sprite * 100), interval));
  const cues = Array.from({ length: count }, (_, index) => {
    const place = index % 100;
    const region = `${(place % 10) * 160},${Math.floor(place / 10) * 90},160,90`;
    return `${stamp(index * interval)} --> ${stamp(Math.min(duration, (index + 1) * interval))}\n${sprites[Math.floor(index / 100)]}#xywh=${region}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** An uploaded episode's voice-overs (EXT-X-MEDIA TYPE=AUDIO): the original first, the default, then the teams. */
export const VOICE_OVERS: MediaTrack[] = [
  { name: 'Оригинал', lang: 'ja', default: true },
  { name: 'AniLibria', lang: 'ru' },
  { name: 'AniDub', lang: 'ru' },
];

/** Its subtitles (TYPE=SUBTITLES, WebVTT), none shown by default. */
export const SUBTITLE_TRACKS: MediaTrack[] = [
  { name: 'Crunchyroll', lang: 'en' },
  { name: 'Kitsune', lang: 'ru' },
];

/** The viewer's voice-over and subtitles for the title (GET /api/anime/:id/tracks): nothing chosen yet by default. */
export const trackChoice = (overrides: Partial<TrackChoice> = {}): TrackChoice => ({
  animeId: ANIME_ID,
  audio: null,
  subtitles: null,
  subtitlesChosen: false,
  usualAudio: null,
  usualSubtitles: null,
  ...overrides,
});

export interface FakeStreamOptions {
  /** Heights of the renditions; the second one is "playing" under auto. */
  heights?: number[];
  duration?: number;
  /** Fail fatally after attaching, as hls.js does when the playlist cannot be loaded. */
  fail?: 'network' | 'media';
  /** Neither hls.js nor native HLS: the "unsupported browser" error. */
  unsupported?: boolean;
  /** Called with each engine the player creates (tests read its live configuration). */
  onCreate?: (hls: FakeHlsEngine) => void;
  /** The playlist's audio renditions (EXT-X-MEDIA TYPE=AUDIO); the one marked `default` plays first. */
  audioTracks?: MediaTrack[];
  /** Its subtitle renditions (TYPE=SUBTITLES); the `default` one is shown first, none otherwise. */
  subtitleTracks?: MediaTrack[];
}

/** The fake engine as tests see it: hls.js' slice the player uses, with its tracks. */
export interface FakeHlsEngine extends HlsInstance {
  readonly audioTracks: MediaTrack[];
  audioTrack: number;
  readonly subtitleTracks: MediaTrack[];
  subtitleTrack: number;
}

const EVENTS = {
  MANIFEST_PARSED: 'hlsManifestParsed',
  LEVEL_SWITCHED: 'hlsLevelSwitched',
  ERROR: 'hlsError',
  AUDIO_TRACKS_UPDATED: 'hlsAudioTracksUpdated',
  AUDIO_TRACK_SWITCHING: 'hlsAudioTrackSwitching',
  AUDIO_TRACK_SWITCHED: 'hlsAudioTrackSwitched',
  SUBTITLE_TRACKS_UPDATED: 'hlsSubtitleTracksUpdated',
  SUBTITLE_TRACK_SWITCH: 'hlsSubtitleTrackSwitch',
} as const;
const ERROR_TYPES = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' } as const;

/**
 * Plays the part of hls.js and of the media: jsdom has no Media Source Extensions and cannot decode
 * video, so the fake reports the renditions and gives the <video> a duration and a settable time.
 * Setting `currentTime` fires "seeked" and "timeupdate" as a browser does. Audio and subtitle tracks
 * are reported as hls.js (1.7) does: "tracks updated", then its own pick of the default, then switches.
 */
export function fakeHlsLoader(options: FakeStreamOptions = {}): HlsLoader {
  const { heights = [1080, 720, 480], duration = EPISODE_SECONDS, fail, unsupported = false, onCreate, audioTracks = [], subtitleTracks = [] } = options;

  class FakeHls implements FakeHlsEngine {
    static Events = EVENTS;
    static ErrorTypes = ERROR_TYPES;
    static isSupported = () => !unsupported;

    levels = heights.map((height) => ({ height, bitrate: height * 4000 }));
    currentLevel = -1;
    audioTracks: MediaTrack[] = [];
    subtitleTracks: MediaTrack[] = [];
    private audioId = -1;
    private subtitleId = -1;
    readonly config: { maxMaxBufferLength: number };
    private listeners = new Map<string, Array<(event: string, data: never) => void>>();
    private destroyed = false;

    constructor(config: { maxMaxBufferLength?: number } = {}) {
      // hls.js' own default.
      this.config = { maxMaxBufferLength: config.maxMaxBufferLength ?? 600 };
      onCreate?.(this);
    }

    on(event: string, listener: (event: string, data: never) => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    }

    private emit(event: string, data: unknown) {
      if (this.destroyed) return;
      this.listeners.get(event)?.forEach((listener) => listener(event, data as never));
    }

    get audioTrack() {
      return this.audioId;
    }

    set audioTrack(id: number) {
      if (id < 0 || id >= this.audioTracks.length) return;
      this.audioId = id;
      this.emit(EVENTS.AUDIO_TRACK_SWITCHING, { id });
      // hls.js reports the switch once the rendition's playlist has loaded.
      queueMicrotask(() => this.emit(EVENTS.AUDIO_TRACK_SWITCHED, { id }));
    }

    get subtitleTrack() {
      return this.subtitleId;
    }

    set subtitleTrack(id: number) {
      this.subtitleId = id >= 0 && id < this.subtitleTracks.length ? id : -1;
      this.emit(EVENTS.SUBTITLE_TRACK_SWITCH, { id: this.subtitleId });
    }

    loadSource() {}

    /** As hls.js' track controllers on the first level: the lists, then the default unless one was set meanwhile (audio) or anyway (subtitles). */
    private reportTracks() {
      if (audioTracks.length) {
        this.audioTracks = audioTracks.map((track) => ({ ...track }));
        this.emit(EVENTS.AUDIO_TRACKS_UPDATED, { audioTracks: this.audioTracks });
        if (this.audioId === -1)
          this.audioTrack = Math.max(
            0,
            audioTracks.findIndex((track) => track.default),
          );
      }
      if (subtitleTracks.length) {
        this.subtitleTracks = subtitleTracks.map((track) => ({ ...track }));
        this.emit(EVENTS.SUBTITLE_TRACKS_UPDATED, { subtitleTracks: this.subtitleTracks });
        this.subtitleTrack = subtitleTracks.findIndex((track) => track.default);
      }
    }

    attachMedia(media: HTMLMediaElement) {
      queueMicrotask(() => {
        if (this.destroyed) return;
        if (fail) {
          const type = fail === 'network' ? ERROR_TYPES.NETWORK_ERROR : ERROR_TYPES.MEDIA_ERROR;
          this.emit(EVENTS.ERROR, { fatal: true, type, details: 'manifestLoadError' });
          if (fail === 'media') this.emit(EVENTS.ERROR, { fatal: true, type, details: 'bufferAppendError' });
          return;
        }
        simulateMedia(media, duration);
        this.emit(EVENTS.MANIFEST_PARSED, {});
        this.reportTracks();
        this.emit(EVENTS.LEVEL_SWITCHED, { level: heights.length > 1 ? 1 : 0 });
      });
    }

    recoverMediaError() {}

    destroy() {
      this.destroyed = true;
    }
  }

  return () => Promise.resolve(FakeHls as unknown as HlsClass);
}

interface SimulatedClock {
  time: number;
  paused: boolean;
}

const clocks = new WeakMap<HTMLMediaElement, SimulatedClock>();

/**
 * Gives a <video> a duration, readiness, a settable time and play/pause, firing the events a browser
 * would ("seeked" + "timeupdate" on a seek; "play", "playing", "pause").
 */
export function simulateMedia(media: HTMLMediaElement, duration: number, startAt = 0) {
  const clock: SimulatedClock = { time: startAt, paused: true };
  clocks.set(media, clock);
  Object.defineProperty(media, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(media, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(media, 'paused', { configurable: true, get: () => clock.paused });
  Object.defineProperty(media, 'ended', { configurable: true, get: () => clock.time >= duration });
  Object.defineProperty(media, 'currentTime', {
    configurable: true,
    get: () => clock.time,
    set: (value: number) => {
      clock.time = value;
      media.dispatchEvent(new Event('seeked'));
      media.dispatchEvent(new Event('timeupdate'));
    },
  });
  media.play = () => {
    if (clock.paused) {
      clock.paused = false;
      media.dispatchEvent(new Event('play'));
      media.dispatchEvent(new Event('playing'));
    }
    return Promise.resolve();
  };
  media.pause = () => {
    if (clock.paused) return;
    clock.paused = true;
    media.dispatchEvent(new Event('pause'));
  };
  media.dispatchEvent(new Event('loadedmetadata'));
  media.dispatchEvent(new Event('durationchange'));
}

/** Moves simulated playback to `seconds` as if it had played there ("timeupdate", no seek); "ended" at the end. */
export function playTo(media: HTMLMediaElement, seconds: number) {
  const clock = clocks.get(media);
  if (!clock) throw new Error('the media is not simulated');
  clock.time = seconds;
  media.dispatchEvent(new Event('timeupdate'));
  if (seconds >= media.duration) {
    clock.paused = true;
    media.dispatchEvent(new Event('pause'));
    media.dispatchEvent(new Event('ended'));
  }
}
