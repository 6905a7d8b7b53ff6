import type { AmvItem } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { useHlsSource } from '../../../shared/video/use-hls-source';
import { AMV_STRINGS } from '../strings';

export interface AmvPlayerProps {
  amv: AmvItem;
  autoPlay?: boolean;
  /** Playback of an uploaded clip reached its end (an embedded player does not tell us). */
  onEnded?: () => void;
  /** Playback started (counts the view). */
  onPlay?: () => void;
}

/** An uploaded clip through HLS (hls.js or the browser's own) or as uploaded; an external one in its privacy-enhanced iframe. */
export function AmvPlayer({ amv, autoPlay = false, onEnded, onPlay }: AmvPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const file = amv.video.kind === 'file' ? amv.video : null;
  const hls = useHlsSource(video, file?.hls ?? null);
  const played = useRef(false);

  useEffect(() => {
    played.current = false;
  }, [amv.id]);

  useEffect(() => {
    if (!autoPlay || !file || !video.current) return;
    // A blocked autoplay (no user gesture yet) leaves the controls for the viewer.
    void video.current.play?.()?.catch(() => undefined);
  }, [autoPlay, amv.id, file]);

  if (amv.video.kind === 'embed') {
    return (
      <div className="amv-player amv-player--embed">
        <iframe
          title={AMV_STRINGS.embedTitle(amv.title)}
          src={`${amv.video.embedUrl}${autoPlay ? (amv.video.embedUrl.includes('?') ? '&autoplay=1' : '?autoplay=1') : ''}`}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          loading="lazy"
        />
      </div>
    );
  }
  // HLS when the rendition exists and plays here; the uploaded file itself otherwise (or after an HLS error).
  const useFile = !amv.video.hls || hls.error !== null;
  return (
    <div className="amv-player">
      <video
        key={`${amv.id}-${useFile ? 'file' : 'hls'}`}
        ref={video}
        aria-label={AMV_STRINGS.playerLabel}
        controls
        playsInline
        preload="metadata"
        src={useFile ? amv.video.src : undefined}
        autoPlay={autoPlay}
        onPlay={() => {
          if (played.current) return;
          played.current = true;
          onPlay?.();
        }}
        onEnded={onEnded}
      >
        {useFile ? <source src={amv.video.src} type={amv.video.mimeType} /> : null}
      </video>
    </div>
  );
}
