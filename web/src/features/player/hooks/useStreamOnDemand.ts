import { useCallback, useEffect, useState } from 'react';
import { autoplayAllowed } from '../../../shared/video/autoplay';

/**
 * - probing: asking the browser whether it will start the video by itself (one task);
 * - attached: the stream loads (autoplay allowed, or the viewer asked to play);
 * - awaiting-play: the browser will not start it by itself, so nothing loads until the viewer presses play.
 */
export type StreamDemand = 'probing' | 'attached' | 'awaiting-play';

/**
 * When the episode's stream is attached. A phone does not autoplay a video with sound on a visit that
 * began without a tap on the page, so there the stream waits for the viewer's play instead of loading
 * hls.js, the playlists and the first segments for a video that stays paused: the viewer's data, and a
 * main thread busy while the page loads (issue #13). After any tap (a link followed inside the portal)
 * the browser allows autoplay and the stream attaches at once, as before.
 */
export function useStreamOnDemand(): { demand: StreamDemand; request(): void } {
  const [demand, setDemand] = useState<StreamDemand>('probing');
  useEffect(() => {
    let live = true;
    void autoplayAllowed().then((allowed) => {
      if (live) setDemand((current) => (current === 'probing' ? (allowed ? 'attached' : 'awaiting-play') : current));
    });
    return () => {
      live = false;
    };
  }, []);
  const request = useCallback(() => setDemand('attached'), []);
  return { demand, request };
}
