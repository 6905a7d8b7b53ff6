import { WATCH_PARTY_DEFAULT_TRACKS, type TrackChoice, type WatchPartyTracks } from '@portal/contracts';
import { NO_TRACK, pickAudioTrack, pickSubtitleTrack, type MediaTrack } from '../../../shared/video/track-choice';
import { mediaTracks } from '../../../shared/video/track-engine';

/**
 * The room's voice-over and subtitles on a member's player: the host's choice travels by NAME (each
 * member's playlist lists its renditions in its own order), and a name that player does not have
 * leaves it on its default voice-over and without subtitles.
 */

/** The slice of hls.js (its full build) the room's tracks are applied to. */
export interface PartyTrackEngine {
  readonly audioTracks: readonly MediaTrack[];
  audioTrack: number;
  readonly subtitleTracks: readonly MediaTrack[];
  subtitleTrack: number;
  /** hls.js shows the chosen subtitles only while this is on. */
  subtitleDisplay?: boolean;
}

const indexOfName = (tracks: readonly MediaTrack[], name: string | null) => (name === null ? NO_TRACK : tracks.findIndex((track) => track.name === name));

/** The playlist's default voice-over (DEFAULT=YES, else the first), -1 with none listed. */
function defaultAudio(tracks: readonly MediaTrack[]): number {
  if (tracks.length === 0) return NO_TRACK;
  const marked = tracks.findIndex((track) => track.default);
  return marked === NO_TRACK ? 0 : marked;
}

/** Where the room's tracks are in this player's lists: by NAME, else the default voice-over and no subtitles. */
export function partyTrackIndices(
  engine: Pick<PartyTrackEngine, 'audioTracks' | 'subtitleTracks'>,
  tracks: WatchPartyTracks,
): { audio: number; subtitles: number } {
  const audio = indexOfName(engine.audioTracks, tracks.audio);
  return { audio: audio === NO_TRACK ? defaultAudio(engine.audioTracks) : audio, subtitles: indexOfName(engine.subtitleTracks, tracks.subtitles) };
}

/**
 * Puts the player on the room's tracks. Sets only what differs: hls.js loads a voice-over's playlist
 * again when it is set again. With no voice-overs listed (a stream without alternate audio) the audio is
 * left alone.
 */
export function applyPartyTracks(engine: PartyTrackEngine, tracks: WatchPartyTracks): void {
  const { audio, subtitles } = partyTrackIndices(engine, tracks);
  if (audio !== NO_TRACK && engine.audioTrack !== audio) engine.audioTrack = audio;
  if (engine.subtitleTrack !== subtitles) engine.subtitleTrack = subtitles;
  if (subtitles !== NO_TRACK && engine.subtitleDisplay === false) engine.subtitleDisplay = true;
}

/**
 * What the host puts to a room that has no tracks yet: their own pick for the title on this playlist
 * (shared/video/track-choice: their choice, their usual one, the same language, the default), by NAME.
 * `choice` null: nothing remembered (or the server did not answer), the playlist's defaults.
 */
export function hostTracks(engine: Pick<PartyTrackEngine, 'audioTracks' | 'subtitleTracks'>, choice: TrackChoice | null): WatchPartyTracks {
  const audio = mediaTracks(engine.audioTracks);
  const subtitles = mediaTracks(engine.subtitleTracks);
  return {
    audio: audio[pickAudioTrack(audio, { server: choice }).index]?.name ?? null,
    subtitles: subtitles[pickSubtitleTrack(subtitles, { server: choice }).index]?.name ?? null,
  };
}

export const sameTracks = (a: WatchPartyTracks, b: WatchPartyTracks) => a.audio === b.audio && a.subtitles === b.subtitles;

/** A room on the defaults: new, or on a new episode. */
export const onDefaultTracks = (tracks: WatchPartyTracks) => sameTracks(tracks, WATCH_PARTY_DEFAULT_TRACKS);
