import { render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { IDLE_BUFFER_SECONDS, PLAYING_BUFFER_SECONDS, useHlsSource, type HlsInstance, type HlsLoader } from '../../../shared/video/use-hls-source';
import { fakeHlsLoader } from '../testing/player-fixtures';

function StreamedVideo({ loadHls }: { loadHls: HlsLoader }) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  useHlsSource(videoRef, '/media/samples/20/1/master.m3u8', { loadHls });
  return <video ref={videoRef} />;
}

async function attach({ playingBeforeAttach = false } = {}) {
  const engines: HlsInstance[] = [];
  const { container, unmount } = render(<StreamedVideo loadHls={fakeHlsLoader({ onCreate: (hls) => engines.push(hls) })} />);
  const video = container.querySelector('video') as HTMLVideoElement;
  // A play() asked before the engine loads leaves the element playing (jsdom keeps `paused` true).
  if (playingBeforeAttach) Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
  // The fake engine gives the <video> its duration and play() once it is attached.
  await waitFor(() => expect(video.duration).toBeGreaterThan(0));
  return { hls: engines[0], video, unmount };
}

describe("the stream's forward buffer", () => {
  it('holds only the first seconds until the video plays, then the full 30 s', async () => {
    const { hls, video } = await attach();
    expect(hls.config.maxMaxBufferLength).toBe(IDLE_BUFFER_SECONDS);

    await video.play();

    expect(hls.config.maxMaxBufferLength).toBe(PLAYING_BUFFER_SECONDS);
  });

  it('holds the full 30 s when the video was asked to play before the stream attached', async () => {
    const { hls } = await attach({ playingBeforeAttach: true });
    expect(hls.config.maxMaxBufferLength).toBe(PLAYING_BUFFER_SECONDS);
  });

  it('stops listening for "play" once the stream is detached', async () => {
    const { hls, video, unmount } = await attach();
    unmount();

    await video.play();

    expect(hls.config.maxMaxBufferLength).toBe(IDLE_BUFFER_SECONDS);
  });
});
