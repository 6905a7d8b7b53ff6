import type { TrackChoice, TrackKind } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useSession } from '../../../shared/session/session-context';
import { HlsLoaderContext, type HlsLoader } from '../../../shared/video/use-hls-source';
import {
  loadHlsWithTracks,
  mediaTracks,
  NO_TRACKS,
  trackSnapshotOf,
  whenDestroyed,
  withTrackEngines,
  type TrackSnapshot,
  type TrackEngine,
  type TrackEvents,
  type TrackOption,
} from '../../../shared/video/track-engine';
import { chooseTrack, trackChoiceKeys, trackChoiceQuery } from '../../../shared/api/title-api';
import { NO_TRACK, pickAudioTrack, pickSubtitleTrack, withTrackChosen, type TrackPreferences } from '../../../shared/video/track-choice';
import { loadGuestChoice, loadKnownLanguages, rememberLanguages, saveGuestChoice } from '../lib/track-storage';

export interface TrackChoiceControls {
  /** Pass to `useHlsSource` (options.loadHls): the engine whose tracks are chosen. */
  loadHls: HlsLoader;
  audio: TrackOption[];
  subtitles: TrackOption[];
  /** The voice-over playing (an index of `audio`), -1 before the tracks are known. */
  audioTrack: number;
  /** The subtitles shown, -1 for none. */
  subtitleTrack: number;
  chooseAudio(index: number): void;
  /** -1 turns the subtitles off. */
  chooseSubtitles(index: number): void;
}

/** What the engine's listeners read: kept current after each render. */
interface Live {
  signedIn: boolean;
  /** The viewer's side is known: a guest at once, a signed-in viewer once the server answered (or failed). */
  ready: boolean;
  server: TrackChoice | null;
}

/**
 * The voice-over and subtitles of the player (the page's and the TV's). When hls.js reports the tracks
 * of an episode, the viewer's pick is applied (lib/track-choice: the title's choice, the usual one, the
 * same language, the default); a signed-in viewer's choice comes from the server (read once per title),
 * a guest's from local storage (`player:tracks:<animeId>`). The viewer's change switches the track at
 * once and is remembered: a guest's in storage; a signed-in viewer's by PUT, with the cache updated
 * first and from the answer. A failed save changes nothing on screen and is sent again with the next change.
 */
export function useTrackChoice(animeId: number): TrackChoiceControls {
  const { user } = useSession();
  const signedIn = Boolean(user);
  const queryClient = useQueryClient();
  const choice = useQuery({ ...trackChoiceQuery(animeId), enabled: signedIn });
  const server = signedIn ? (choice.data ?? null) : null;
  const ready = !signedIn || choice.isSuccess || choice.isError;

  const live = useRef<Live>({ signedIn, ready, server });
  useEffect(() => {
    live.current = { signedIn, ready, server };
  });

  const [snapshot, setSnapshot] = useState<TrackSnapshot>(NO_TRACKS);
  const engineRef = useRef<TrackEngine | null>(null);
  /** The kinds already decided for the current engine (by the pick, or by the viewer before it). */
  const decided = useRef<Record<TrackKind, boolean>>({ audio: false, subtitles: false });

  const read = useCallback((engine: TrackEngine) => {
    if (engineRef.current === engine) setSnapshot(trackSnapshotOf(engine));
  }, []);

  const applyPick = useCallback(
    (engine: TrackEngine, kind: TrackKind) => {
      const { ready: known, signedIn: member, server: answer } = live.current;
      if (!known || decided.current[kind] || engineRef.current !== engine) return;
      const offered = mediaTracks(kind === 'audio' ? engine.audioTracks : engine.subtitleTracks);
      if (offered.length === 0) return;
      decided.current[kind] = true;
      const preferences: TrackPreferences = { server: answer, local: member ? null : loadGuestChoice(animeId), knownLanguages: loadKnownLanguages() };
      if (kind === 'audio') {
        const { index } = pickAudioTrack(offered, preferences);
        if (index !== NO_TRACK && engine.audioTrack !== index) engine.audioTrack = index;
      } else {
        const { index } = pickSubtitleTrack(offered, preferences);
        if (engine.subtitleTrack !== index) engine.subtitleTrack = index;
      }
      read(engine);
    },
    [animeId, read],
  );

  const onEngine = useCallback(
    (engine: TrackEngine, events: TrackEvents) => {
      engineRef.current = engine;
      decided.current = { audio: false, subtitles: false };
      const audioUpdated = () => {
        rememberLanguages(mediaTracks(engine.audioTracks));
        // In the handler itself: hls.js keeps a track set here instead of loading its default one first.
        applyPick(engine, 'audio');
        read(engine);
      };
      const subtitlesUpdated = () => {
        rememberLanguages(mediaTracks(engine.subtitleTracks));
        read(engine);
        // After the handler: hls.js selects its default subtitles right after reporting them.
        queueMicrotask(() => applyPick(engine, 'subtitles'));
      };
      const listen = (event: string | undefined, listener: () => void) => {
        if (event) engine.on(event, listener);
      };
      listen(events.MANIFEST_PARSED, () => {
        audioUpdated();
        subtitlesUpdated();
      });
      listen(events.AUDIO_TRACKS_UPDATED, audioUpdated);
      listen(events.SUBTITLE_TRACKS_UPDATED, subtitlesUpdated);
      listen(events.AUDIO_TRACK_SWITCHED, () => read(engine));
      listen(events.SUBTITLE_TRACK_SWITCH, () => read(engine));
      whenDestroyed(engine, () => {
        if (engineRef.current !== engine) return;
        engineRef.current = null;
        setSnapshot(NO_TRACKS);
      });
    },
    [applyPick, read],
  );

  const contextLoader = useContext(HlsLoaderContext);
  // Stable: a new loader would make useHlsSource attach the stream again.
  const loadHls = useCallback<HlsLoader>(() => withTrackEngines(contextLoader ?? loadHlsWithTracks, onEngine)(), [contextLoader, onEngine]);

  // The server answered after hls.js reported the tracks: the pick now (unless the viewer chose meanwhile).
  useEffect(() => {
    const engine = engineRef.current;
    if (!ready || !engine) return;
    applyPick(engine, 'audio');
    applyPick(engine, 'subtitles');
  }, [ready, applyPick]);

  // Signed in: what is not yet saved (in flight, or failed: sent again with the next change), one save at a time.
  const unsaved = useRef(new Map<TrackKind, string | null>());
  const saving = useRef<Promise<void>>(Promise.resolve());

  const withUnsaved = useCallback((answer: TrackChoice) => {
    let merged = answer;
    unsaved.current.forEach((name, kind) => {
      merged = withTrackChosen(merged, kind, name);
    });
    return merged;
  }, []);

  const remember = useCallback(
    (kind: TrackKind, name: string | null) => {
      if (!live.current.signedIn) {
        saveGuestChoice(animeId, withTrackChosen(loadGuestChoice(animeId), kind, name));
        return;
      }
      const key = trackChoiceKeys.title(animeId);
      unsaved.current.set(kind, name);
      queryClient.setQueryData<TrackChoice>(key, (cached) => cached && withTrackChosen(cached, kind, name));
      saving.current = saving.current.then(async () => {
        for (const [pendingKind, pendingName] of [...unsaved.current]) {
          try {
            const answer = await chooseTrack({ animeId, kind: pendingKind, name: pendingName });
            if (unsaved.current.get(pendingKind) === pendingName) unsaved.current.delete(pendingKind);
            queryClient.setQueryData<TrackChoice>(key, withUnsaved(answer));
          } catch {
            // Quietly: the track has changed on screen; this one goes again with the viewer's next change.
          }
        }
      });
    },
    [animeId, queryClient, withUnsaved],
  );

  const choose = useCallback(
    (kind: TrackKind, index: number) => {
      const engine = engineRef.current;
      if (!engine) return;
      const track = index >= 0 ? (kind === 'audio' ? engine.audioTracks : engine.subtitleTracks)[index] : undefined;
      if (!track && (kind === 'audio' || index >= 0)) return;
      decided.current[kind] = true;
      if (kind === 'audio') engine.audioTrack = index;
      else engine.subtitleTrack = track ? index : NO_TRACK;
      read(engine);
      remember(kind, track?.name ?? null);
    },
    [read, remember],
  );

  const chooseAudio = useCallback((index: number) => choose('audio', index), [choose]);
  const chooseSubtitles = useCallback((index: number) => choose('subtitles', index), [choose]);

  return { loadHls, ...snapshot, chooseAudio, chooseSubtitles };
}
