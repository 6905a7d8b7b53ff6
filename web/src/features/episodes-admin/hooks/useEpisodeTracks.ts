import type { EpisodeTrack, EpisodeTrackList } from '@portal/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { titleKeys } from '../../../shared/api/title-api';
import { TrackUploadAborted, type EpisodeTrackUploadHandle } from '../api/episode-track-upload';
import { useStartEpisodeTrackUpload } from '../api/episode-track-upload-context';
import { episodeTracksKeys, removeEpisodeTrack } from '../api/episode-tracks-api';
import { sourceFirst, type TrackUploadFields } from '../lib/episode-tracks';

/** Where the form's upload is: none, sending (bytes sent of the total), or refused (the error, for its message and fields). */
export type TrackUploadState = { phase: 'idle' } | { phase: 'uploading'; fileName: string; sent: number; total: number } | { phase: 'failed'; error: unknown };

interface RunningUpload {
  handle: EpisodeTrackUploadHandle | null;
}

/** The list in the cache with `change` applied (the dialog shows it at once; the server's list follows). */
function updateList(client: QueryClient, animeId: number, number: number, change: (items: EpisodeTrack[]) => EpisodeTrack[]) {
  client.setQueryData<EpisodeTrackList>(episodeTracksKeys.list(animeId, number), (list) => (list ? { items: sourceFirst(change(list.items)) } : list));
}

/**
 * «Добавить дорожку»: one upload at a time. Once the server has the file, the new track (processing)
 * joins the list at once, and the list is read again, so its polling starts. Leaving the dialog's
 * screen aborts a running upload.
 */
export function useEpisodeTrackUpload(animeId: number, number: number, onDone: (track: EpisodeTrack) => void) {
  const startUpload = useStartEpisodeTrackUpload();
  const client = useQueryClient();
  const [state, setState] = useState<TrackUploadState>({ phase: 'idle' });
  const running = useRef<RunningUpload | null>(null);

  useEffect(
    () => () => {
      running.current?.handle?.abort();
      running.current = null;
    },
    [],
  );

  const start = (fields: TrackUploadFields) => {
    running.current?.handle?.abort();
    // A fake (or a quick server) may report before `startUpload` returns: the upload is known by this object.
    const mine: RunningUpload = { handle: null };
    running.current = mine;
    const isCurrent = () => running.current === mine;
    setState({ phase: 'uploading', fileName: fields.file.name, sent: 0, total: fields.file.size });
    mine.handle = startUpload({
      animeId,
      number,
      ...fields,
      onProgress: (sent, total) => {
        if (!isCurrent()) return;
        setState((before) => (before.phase === 'uploading' ? { ...before, sent, total } : before));
      },
    });
    mine.handle.done.then(
      (track) => {
        if (!isCurrent()) return;
        running.current = null;
        setState({ phase: 'idle' });
        updateList(client, animeId, number, (items) => [...items.filter((item) => item.id !== track.id), track]);
        void client.invalidateQueries({ queryKey: episodeTracksKeys.list(animeId, number) });
        onDone(track);
      },
      (error: unknown) => {
        if (!isCurrent()) return;
        running.current = null;
        setState(error instanceof TrackUploadAborted ? { phase: 'idle' } : { phase: 'failed', error });
      },
    );
  };

  const cancel = () => {
    const handle = running.current?.handle;
    running.current = null;
    setState({ phase: 'idle' });
    handle?.abort();
  };

  /** Forgets a refusal once the form changes. */
  const clearError = () => setState((before) => (before.phase === 'failed' ? { phase: 'idle' } : before));

  return { state, start, cancel, clearError };
}

/** «Удалить» of an added track: it leaves the list at once; the player's playlist (the title's episodes) is read again. */
export function useRemoveEpisodeTrack(animeId: number, number: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<EpisodeTrack> => removeEpisodeTrack(id),
    onSuccess: (removed) => {
      updateList(client, animeId, number, (items) => items.filter((item) => item.id !== removed.id));
      void client.invalidateQueries({ queryKey: episodeTracksKeys.list(animeId, number) });
      void client.invalidateQueries({ queryKey: titleKeys.anime(animeId) });
    },
  });
}
