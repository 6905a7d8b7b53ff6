import type { HlsClass, HlsLoader } from '../../../shared/video/use-hls-source';
import type { MediaTrack } from '../../../shared/video/track-choice';

/** A fake hls.js (full build) with voice-overs and subtitles, for the room's tests and stories. Not part of the app bundle. */

/** An uploaded episode's voice-overs (EXT-X-MEDIA TYPE=AUDIO): the original first and the default, then the teams. */
export const PARTY_VOICE_OVERS: MediaTrack[] = [
  { name: 'Оригинал', lang: 'ja', default: true },
  { name: 'AniLibria', lang: 'ru' },
  { name: 'AniDub', lang: 'ru' },
];

/** Its subtitles (TYPE=SUBTITLES), none shown by default. */
export const PARTY_SUBTITLES: MediaTrack[] = [
  { name: 'Crunchyroll', lang: 'en' },
  { name: 'Kitsune', lang: 'ru' },
];

/** The fake engine as tests see it: the tracks the room sets. */
export interface FakePartyEngine {
  readonly audioTracks: MediaTrack[];
  audioTrack: number;
  readonly subtitleTracks: MediaTrack[];
  subtitleTrack: number;
  subtitleDisplay: boolean;
}

export interface FakePartyHlsOptions {
  audioTracks?: MediaTrack[];
  subtitleTracks?: MediaTrack[];
  /** Each engine the page makes (one per episode). */
  onCreate?: (engine: FakePartyEngine) => void;
}

const EVENTS = {
  MANIFEST_PARSED: 'hlsManifestParsed',
  LEVEL_SWITCHED: 'hlsLevelSwitched',
  ERROR: 'hlsError',
  AUDIO_TRACKS_UPDATED: 'hlsAudioTracksUpdated',
  AUDIO_TRACK_SWITCHED: 'hlsAudioTrackSwitched',
  SUBTITLE_TRACKS_UPDATED: 'hlsSubtitleTracksUpdated',
  SUBTITLE_TRACK_SWITCH: 'hlsSubtitleTrackSwitch',
} as const;

/**
 * Reports its tracks as hls.js (1.7) does once attached: the manifest, then both lists in one level
 * switch, each followed by its own pick of the default (the voice-over unless one was set meanwhile, the
 * subtitles anyway). No media: jsdom cannot play, and the room's tracks do not need it.
 */
export function fakePartyHlsLoader({ audioTracks = PARTY_VOICE_OVERS, subtitleTracks = PARTY_SUBTITLES, onCreate }: FakePartyHlsOptions = {}): HlsLoader {
  class FakePartyHls implements FakePartyEngine {
    static Events = EVENTS;
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    static isSupported = () => true;

    readonly levels = [{ height: 720, bitrate: 2_800_000 }];
    readonly config = { maxMaxBufferLength: 600 };
    currentLevel = -1;
    audioTracks: MediaTrack[] = [];
    subtitleTracks: MediaTrack[] = [];
    subtitleDisplay = true;
    private audioId = -1;
    private subtitleId = -1;
    private destroyed = false;
    private readonly listeners = new Map<string, Array<(event: string, data: never) => void>>();

    constructor() {
      onCreate?.(this);
    }

    on(event: string, listener: (event: string, data: never) => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    }

    private emit(event: string, data: unknown = {}) {
      if (!this.destroyed) this.listeners.get(event)?.forEach((listener) => listener(event, data as never));
    }

    get audioTrack() {
      return this.audioId;
    }

    set audioTrack(id: number) {
      if (id < 0 || id >= this.audioTracks.length) return;
      this.audioId = id;
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

    attachMedia() {
      queueMicrotask(() => {
        if (this.destroyed) return;
        this.emit(EVENTS.MANIFEST_PARSED);
        if (audioTracks.length) {
          this.audioTracks = audioTracks.map((track) => ({ ...track }));
          this.emit(EVENTS.AUDIO_TRACKS_UPDATED, { audioTracks: this.audioTracks });
          const marked = audioTracks.findIndex((track) => track.default);
          if (this.audioId === -1) this.audioTrack = marked === -1 ? 0 : marked;
        }
        if (subtitleTracks.length) {
          this.subtitleTracks = subtitleTracks.map((track) => ({ ...track }));
          this.emit(EVENTS.SUBTITLE_TRACKS_UPDATED, { subtitleTracks: this.subtitleTracks });
          this.subtitleTrack = subtitleTracks.findIndex((track) => track.default);
        }
        this.emit(EVENTS.LEVEL_SWITCHED, { level: 0 });
      });
    }

    recoverMediaError() {}

    destroy() {
      this.destroyed = true;
    }
  }

  return () => Promise.resolve(FakePartyHls as unknown as HlsClass);
}
