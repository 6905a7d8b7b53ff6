import type { TrackChoice, TrackKind, WatchPartyTracks } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { chooseTrack, trackChoiceKeys, trackChoiceQuery } from '../../../shared/api/title-api';
import {
  loadHlsWithTracks,
  NO_TRACKS,
  trackSnapshotOf,
  whenDestroyed,
  withTrackEngines,
  type TrackSnapshot,
  type TrackEngine,
  type TrackEvents,
  type TrackOption,
} from '../../../shared/video/track-engine';
import { HlsLoaderContext, type HlsLoader } from '../../../shared/video/use-hls-source';
import { applyPartyTracks, hostTracks, onDefaultTracks, type PartyTrackEngine } from '../lib/party-tracks';
import type { PartyConnection } from './useWatchPartyConnection';

export interface PartyTracks {
  /** Pass to the video source (options.loadHls): hls.js' full build, whose tracks the room sets. */
  loadHls: HlsLoader;
  /** The player's voice-overs and subtitles, as the menu lists them (empty until hls.js reports them). */
  audio: TrackOption[];
  subtitles: TrackOption[];
  /** The voice-over playing (an index of `audio`), -1 while unknown. */
  audioTrack: number;
  /** The subtitles shown, -1 for none. */
  subtitleTrack: number;
  /** The host's menu: switches at once and tells the room. */
  chooseAudio(index: number): void;
  /** -1 turns the subtitles off. */
  chooseSubtitles(index: number): void;
}

type Engine = TrackEngine & PartyTrackEngine;

/** What the engine's listeners read: kept current after each render. */
interface Live {
  tracks: WatchPartyTracks;
  isHost: boolean;
  /** The host's remembered choice is known (or could not be read). */
  ready: boolean;
  choice: TrackChoice | null;
}

/**
 * The room's voice-over and subtitles on this player. Every player (the host's too) plays the room's
 * `tracks` by NAME whenever they change and once hls.js reports the stream's tracks (lib/party-tracks).
 * The host's menu switches at once, sends `tracks` and remembers the pick for the title, as the player's
 * menu does. A room without tracks (new, or on a new episode) gets the host's own pick for the title
 * (their remembered choice, shared/video/track-choice), once per stream, so it starts with their team.
 */
export function usePartyTracks(animeId: number, tracks: WatchPartyTracks, isHost: boolean, send: PartyConnection['send']): PartyTracks {
  const queryClient = useQueryClient();
  // Only the host's own choice matters to the room; a member's is not read.
  const remembered = useQuery({ ...trackChoiceQuery(animeId), enabled: isHost && animeId > 0 });
  const ready = remembered.isSuccess || remembered.isError;

  const live = useRef<Live>({ tracks, isHost, ready, choice: remembered.data ?? null });
  useEffect(() => {
    live.current = { tracks, isHost, ready, choice: remembered.data ?? null };
  });

  const [snapshot, setSnapshot] = useState<TrackSnapshot>(NO_TRACKS);
  const engineRef = useRef<Engine | null>(null);
  /** The host's change, played until the room says its tracks again (its answer, or another change). */
  const pending = useRef<WatchPartyTracks | null>(null);
  /** The stream on which the host has put their own pick to the room. */
  const offered = useRef<Engine | null>(null);

  const read = useCallback((engine: Engine) => {
    if (engineRef.current === engine) setSnapshot(trackSnapshotOf(engine));
  }, []);

  /** Plays the room's tracks (the host's pending change first); with `offer`, a host puts their own pick to a room without tracks. */
  const sync = useCallback(
    (engine: Engine, offer: boolean) => {
      if (engineRef.current !== engine) return;
      const { tracks: room, isHost: hosting, ready: known, choice } = live.current;
      const listed = engine.audioTracks.length > 0 || engine.subtitleTracks.length > 0;
      if (offer && hosting && known && listed && offered.current !== engine && pending.current === null && onDefaultTracks(room)) {
        offered.current = engine;
        const own = hostTracks(engine, choice);
        if (!onDefaultTracks(own)) {
          pending.current = own;
          send('tracks', own);
        }
      }
      applyPartyTracks(engine, (hosting ? pending.current : null) ?? room);
      read(engine);
    },
    [read, send],
  );

  const onEngine = useCallback(
    (engine: TrackEngine, events: TrackEvents) => {
      const current = engine as Engine;
      engineRef.current = current;
      pending.current = null;
      const listen = (event: string | undefined, listener: () => void) => {
        if (event) engine.on(event, listener);
      };
      const updated = () => {
        // In the handler: hls.js keeps a voice-over set here instead of loading its default one first.
        sync(current, false);
        // After it: hls.js selects its default subtitles right after reporting them, and has reported
        // both lists (one level switch lists both), which the host's own pick needs.
        queueMicrotask(() => sync(current, true));
      };
      listen(events.MANIFEST_PARSED, updated);
      listen(events.AUDIO_TRACKS_UPDATED, updated);
      listen(events.SUBTITLE_TRACKS_UPDATED, updated);
      listen(events.AUDIO_TRACK_SWITCHED, () => read(current));
      listen(events.SUBTITLE_TRACK_SWITCH, () => read(current));
      whenDestroyed(engine, () => {
        if (engineRef.current !== current) return;
        engineRef.current = null;
        setSnapshot(NO_TRACKS);
      });
    },
    [read, sync],
  );

  const contextLoader = useContext(HlsLoaderContext);
  // Stable: a new loader would make the video source attach the stream again.
  const loadHls = useCallback<HlsLoader>(() => withTrackEngines(contextLoader ?? loadHlsWithTracks, onEngine)(), [contextLoader, onEngine]);

  // The room's tracks changed (the host's answer included): every player follows them.
  useEffect(() => {
    pending.current = null;
    if (engineRef.current) sync(engineRef.current, true);
  }, [tracks.audio, tracks.subtitles, sync]);

  // Control came to this viewer, or their remembered choice arrived after the stream's tracks.
  useEffect(() => {
    if (!isHost) pending.current = null;
    if (engineRef.current) sync(engineRef.current, true);
  }, [isHost, ready, sync]);

  const remember = useCallback(
    (kind: TrackKind, name: string | null) => {
      chooseTrack({ animeId, kind, name })
        .then((answer) => queryClient.setQueryData(trackChoiceKeys.title(animeId), answer))
        // Quietly: the room has the change; only the host's own memory of it is lost.
        .catch(() => undefined);
    },
    [animeId, queryClient],
  );

  const choose = useCallback(
    (kind: TrackKind, index: number) => {
      const engine = engineRef.current;
      if (!engine || !live.current.isHost) return;
      const track = index >= 0 ? (kind === 'audio' ? engine.audioTracks : engine.subtitleTracks)[index] : undefined;
      if (!track && (kind === 'audio' || index >= 0)) return;
      const base = pending.current ?? live.current.tracks;
      const next = kind === 'audio' ? { ...base, audio: track?.name ?? null } : { ...base, subtitles: track?.name ?? null };
      pending.current = next;
      applyPartyTracks(engine, next);
      read(engine);
      send('tracks', next);
      remember(kind, track?.name ?? null);
    },
    [read, remember, send],
  );

  const chooseAudio = useCallback((index: number) => choose('audio', index), [choose]);
  const chooseSubtitles = useCallback((index: number) => choose('subtitles', index), [choose]);

  return { loadHls, ...snapshot, chooseAudio, chooseSubtitles };
}
