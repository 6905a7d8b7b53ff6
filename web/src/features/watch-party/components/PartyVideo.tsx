import { useEffect, useRef, useState } from 'react';
import type { WatchPartyState } from '@portal/contracts';
import { Button } from '../../../shared/ui/Button';
import type { HlsLoader } from '../../../shared/video/use-hls-source';
import type { PartyConnection } from '../hooks/useWatchPartyConnection';
import { correctDrift, expectedHostPosition, SEEK_THRESHOLD_SECONDS } from '../lib/sync';
import type { VideoSourceHook } from '../lib/video-source';
import type { SyncStatus } from './SyncIndicator';
import { WATCH_PARTY_STRINGS as S } from '../strings';

export interface PartyVideoProps {
  room: WatchPartyState;
  isHost: boolean;
  url: string | null;
  serverNow: PartyConnection['serverNow'];
  send: PartyConnection['send'];
  useVideoSource: VideoSourceHook;
  /** The engine the room's voice-over and subtitles are set on (hooks/usePartyTracks). */
  loadHls?: HlsLoader;
  onSyncStatus(status: SyncStatus): void;
}

const FOLLOW_EVERY_MS = 250;
/** The host re-reports while playing when the room's extrapolation has drifted this far from its player (stalls). */
const HOST_REPORT_DRIFT = 0.25;
const HOST_REPORT_EVERY_MS = 2000;

/**
 * The room's video. The host uses the normal controls and reports play, pause, seek and rate
 * changes (with the server time of the reading); a member's controls are hidden and a loop keeps
 * its player with the host's: seek past 0.5 s, nudge the rate between 0.1 and 0.5 s.
 */
export function PartyVideo({ room, isHost, url, serverNow, send, useVideoSource, loadHls, onSyncStatus }: PartyVideoProps) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [startPosition] = useState(() => expectedHostPosition(room, serverNow()));
  const source = useVideoSource(videoRef, url, { startPosition, loadHls });
  const [needsGesture, setNeedsGesture] = useState(false);
  /** The browser refused to start playback without a click: stop asking until there is one. */
  const blocked = useRef(false);
  const roomRef = useRef(room);
  const hostRef = useRef(isHost);
  /** Until the player has been put where the room is, its own events are not reports. */
  const aligned = useRef(false);
  const nudging = useRef(false);
  const lastStatus = useRef('');
  const reportStatus = useRef(onSyncStatus);

  useEffect(() => {
    roomRef.current = room;
    hostRef.current = isHost;
    reportStatus.current = onSyncStatus;
  });

  useEffect(() => {
    aligned.current = false;
  }, [url]);

  // Puts the player where the room is once it can seek; then, for members, keeps it there.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const play = async () => {
      if (blocked.current) return;
      try {
        await video.play();
      } catch (error) {
        if (error instanceof DOMException && error.name === 'NotAllowedError') {
          blocked.current = true;
          setNeedsGesture(true);
        }
      }
    };
    const tell = (status: Parameters<typeof onSyncStatus>[0]) => {
      const key = JSON.stringify(status);
      if (key === lastStatus.current) return;
      lastStatus.current = key;
      reportStatus.current(status);
    };
    let offTicks = 0;
    const follow = () => {
      const current = roomRef.current;
      if (video.readyState < 1) return;
      const expected = expectedHostPosition(current, serverNow());
      if (hostRef.current) {
        if (!aligned.current) {
          if (Math.abs(video.currentTime - expected) > SEEK_THRESHOLD_SECONDS) video.currentTime = expected;
          if (current.playing && video.paused) void play();
          aligned.current = true;
        }
        return;
      }
      aligned.current = true;
      if (current.playing && video.paused && !video.ended) void play();
      if (!current.playing && !video.paused) video.pause();
      const correction = correctDrift(video.currentTime, expected, current.rate, current.playing, nudging.current);
      if (correction.action === 'seek') video.currentTime = correction.to;
      else video.playbackRate = correction.rate;
      nudging.current = correction.action === 'rate';
      const drift = Math.abs(video.currentTime - expected);
      offTicks = correction.action === 'seek' ? offTicks + 1 : 0;
      // One seek is routine (a jump of the host); still off after it means we cannot keep up (buffering).
      if (offTicks > 1) tell({ kind: 'desync', seconds: Math.round(drift * 10) / 10 });
      else tell(correction.action === 'rate' ? { kind: 'catching-up' } : { kind: 'in-sync' });
    };
    follow();
    const timer = setInterval(follow, FOLLOW_EVERY_MS);
    video.addEventListener('loadedmetadata', follow);
    return () => {
      clearInterval(timer);
      video.removeEventListener('loadedmetadata', follow);
    };
  }, [serverNow, url]);

  // The host's own actions become the room's.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !isHost) return undefined;
    const playback = () => ({ position: video.currentTime, rate: video.playbackRate, at: Math.round(serverNow()) });
    const report = (event: 'play' | 'pause' | 'seek') => () => {
      if (aligned.current && video.readyState >= 1) send(event, playback());
    };
    const listeners: Array<[string, () => void]> = [
      ['play', report('play')],
      ['pause', report('pause')],
      ['seeked', report('seek')],
      ['ratechange', report('seek')],
    ];
    listeners.forEach(([event, listener]) => video.addEventListener(event, listener));
    const timer = setInterval(() => {
      const current = roomRef.current;
      if (!aligned.current || video.paused || !current.playing) return;
      if (Math.abs(video.currentTime - expectedHostPosition(current, serverNow())) > HOST_REPORT_DRIFT) send('seek', playback());
    }, HOST_REPORT_EVERY_MS);
    return () => {
      clearInterval(timer);
      listeners.forEach(([event, listener]) => video.removeEventListener(event, listener));
    };
  }, [isHost, send, serverNow]);

  return (
    <div className="watch-party__video">
      <video ref={videoRef} controls={isHost} playsInline preload="auto" aria-label={S.videoLabel} data-role={isHost ? 'host' : 'member'} />
      {needsGesture ? (
        <div className="watch-party__gesture">
          <Button
            onClick={() => {
              blocked.current = false;
              setNeedsGesture(false);
              void videoRef.current?.play();
            }}
          >
            {S.resumePlayback}
          </Button>
        </div>
      ) : null}
      {source.error ? (
        <div className="watch-party__video-error" role="alert">
          {S.videoError}{' '}
          <Button variant="secondary" size="small" onClick={source.retry}>
            {S.retry}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
