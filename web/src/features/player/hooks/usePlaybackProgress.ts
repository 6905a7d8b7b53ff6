import { useEffect, type RefObject } from 'react';
import type { ProgressSave } from '@portal/contracts';
import { useSession } from '../../../shared/session/session-context';
import { saveProgress, saveProgressOnLeave } from '../api/player-api';
import { createProgressScheduler, type PlaybackSnapshot, type SaveReason } from '../lib/progress-scheduler';

export interface PlaybackProgressOptions {
  animeId: number;
  episode: number;
  /** Off for guests (nothing to save to) and for iframe players (no access to their time). */
  enabled: boolean;
}

/**
 * Saves the position of the <video>: every 10 s while playing, on pause, after a seek, and when the
 * page is hidden, closed or left (keepalive). Failures are quiet: the next save carries the position.
 */
export function usePlaybackProgress(videoRef: RefObject<HTMLVideoElement | null>, { animeId, episode, enabled }: PlaybackProgressOptions) {
  const { token } = useSession();
  useEffect(() => {
    const video = videoRef.current;
    if (!enabled || !video) return undefined;
    // The last position seen while the stream was attached: on unmount the source may already be detached.
    let last: PlaybackSnapshot = { position: 0, duration: null };
    const read = (): PlaybackSnapshot => {
      if (video.readyState > 0) {
        last = {
          position: video.currentTime || 0,
          duration: Number.isFinite(video.duration) && video.duration > 0 ? Math.round(video.duration) : last.duration,
        };
      }
      return last;
    };
    const onTimeUpdate = () => void read();
    const body = ({ position, duration }: PlaybackSnapshot): ProgressSave => ({ animeId, episode, position, ...(duration ? { duration } : {}) });
    const save = (snapshot: PlaybackSnapshot, reason: SaveReason) => {
      // Nothing played yet (the stream is still loading): keep the saved point as it is.
      if (snapshot.position === 0 && snapshot.duration === null) return;
      if (reason === 'leave') {
        saveProgressOnLeave(body(snapshot), token);
      } else {
        // Nothing cached to update: the player reads the point once before the stream attaches, and the
        // "Продолжить" buttons and the home row read it afresh (staleTime 0) when they mount again.
        saveProgress(body(snapshot)).catch(() => undefined);
      }
    };
    const scheduler = createProgressScheduler({ read, save });
    const onPlaying = () => scheduler.playing();
    const onPause = () => scheduler.paused();
    const onSeeked = () => scheduler.seeked();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') scheduler.leaving();
    };
    const onPageHide = () => scheduler.leaving();
    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('playing', onPlaying);
    video.addEventListener('pause', onPause);
    video.addEventListener('seeked', onSeeked);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    if (!video.paused) scheduler.playing();
    return () => {
      // Leaving the route (another page, the next episode): the last position goes out with keepalive.
      scheduler.leaving();
      scheduler.dispose();
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('seeked', onSeeked);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [videoRef, animeId, episode, enabled, token]);
}
