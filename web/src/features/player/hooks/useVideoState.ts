import { useEffect, useState, type RefObject } from 'react';

export interface VideoState {
  time: number;
  /** Null until the stream's length is known (and for live streams). */
  duration: number | null;
  paused: boolean;
  ended: boolean;
  volume: number;
  muted: boolean;
}

const read = (video: HTMLVideoElement): VideoState => ({
  time: video.currentTime || 0,
  duration: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null,
  paused: video.paused,
  ended: video.ended,
  volume: video.volume,
  muted: video.muted,
});

const EVENTS = ['timeupdate', 'durationchange', 'loadedmetadata', 'play', 'pause', 'ended', 'volumechange', 'seeked', 'emptied'] as const;

/** The <video>'s state as React state, updated from its own events. */
export function useVideoState(videoRef: RefObject<HTMLVideoElement | null>): VideoState {
  const [state, setState] = useState<VideoState>({ time: 0, duration: null, paused: true, ended: false, volume: 1, muted: false });
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const update = () => setState(read(video));
    EVENTS.forEach((name) => video.addEventListener(name, update));
    return () => EVENTS.forEach((name) => video.removeEventListener(name, update));
  }, [videoRef]);
  return state;
}
