import { useEffect, useRef, useState } from 'react';
import type { EpisodeUploadHandle } from '../api/episode-upload';
import { useStartEpisodeUpload } from '../api/episode-upload-context';

/** Where the form's upload is: none, sending or paused (with the bytes the server has), or stopped by an error. */
export type EpisodeUploadState =
  { phase: 'idle' } | { phase: 'uploading' | 'paused'; fileName: string; number: number; sent: number; total: number } | { phase: 'failed'; message: string };

interface RunningUpload {
  handle: EpisodeUploadHandle | null;
}

/**
 * One upload at a time for the «Серии» screen: start, pause, resume, cancel. `onDone` runs when the
 * server has the whole file (it has queued the transcode). Leaving the screen pauses the upload: the
 * same file chosen again continues it.
 */
export function useEpisodeUpload(animeId: number, onDone: (number: number) => void) {
  const startUpload = useStartEpisodeUpload();
  const [state, setState] = useState<EpisodeUploadState>({ phase: 'idle' });
  const running = useRef<RunningUpload | null>(null);

  useEffect(
    () => () => {
      running.current?.handle?.pause();
      running.current = null;
    },
    [],
  );

  const start = (file: File, number: number) => {
    running.current?.handle?.pause();
    const mine: RunningUpload = { handle: null };
    running.current = mine;
    const isCurrent = () => running.current === mine;
    setState({ phase: 'uploading', fileName: file.name, number, sent: 0, total: file.size });
    mine.handle = startUpload({
      animeId,
      number,
      file,
      onProgress: (sent, total) => {
        if (!isCurrent()) return;
        setState((before) => (before.phase === 'uploading' || before.phase === 'paused' ? { ...before, sent, total } : before));
      },
      onSuccess: () => {
        if (!isCurrent()) return;
        running.current = null;
        setState({ phase: 'idle' });
        onDone(number);
      },
      onError: (message) => {
        if (!isCurrent()) return;
        running.current = null;
        setState({ phase: 'failed', message });
      },
    });
  };

  const pause = () => {
    running.current?.handle?.pause();
    setState((before) => (before.phase === 'uploading' ? { ...before, phase: 'paused' } : before));
  };

  const resume = () => {
    running.current?.handle?.resume();
    setState((before) => (before.phase === 'paused' ? { ...before, phase: 'uploading' } : before));
  };

  const cancel = () => {
    const handle = running.current?.handle;
    running.current = null;
    setState({ phase: 'idle' });
    void handle?.cancel();
  };

  return { state, start, pause, resume, cancel };
}
