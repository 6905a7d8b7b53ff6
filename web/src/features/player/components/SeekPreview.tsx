import type { CSSProperties } from 'react';
import { formatTime } from '../../../shared/lib/format-time';
import type { SeekThumbnail } from '../lib/seek-thumbnails';
import '../seek-preview.css';

/** The frame around the picture, each side (seek-preview.css: 2 px of padding and 1 px of border). */
const FRAME_PX = 3;

export interface SeekPreviewProps {
  thumbnail: SeekThumbnail;
  /** The time previewed, in seconds. */
  time: number;
  /** Where along the bar (0–1): the box is centred over it, kept within the bar's ends. */
  fraction: number;
  /** The picture drawn this many times its size (the TV's, seen from the sofa). */
  scale?: number;
  className?: string;
}

/**
 * The picture of a time above a seek bar, with the time under it: the thumbnail's region of its
 * sprite (background-image and background-position, sized as the region). Decorative: the bar's own
 * value text says the time to assistive technology.
 */
export function SeekPreview({ thumbnail, time, fraction, scale = 1, className }: SeekPreviewProps) {
  const half = (thumbnail.width * scale) / 2 + FRAME_PX;
  const percent = Math.min(100, Math.max(0, fraction * 100));
  return (
    <div
      className={className ? `seek-preview ${className}` : 'seek-preview'}
      style={{ '--seek-preview-at': `${percent}%`, '--seek-preview-half': `${half}px` } as CSSProperties}
      aria-hidden="true"
      data-testid="seek-preview"
    >
      <div
        className="seek-preview__picture"
        style={{
          width: thumbnail.width,
          height: thumbnail.height,
          backgroundImage: `url("${thumbnail.url}")`,
          backgroundPosition: `${-thumbnail.x}px ${-thumbnail.y}px`,
          // zoom scales the background with the box, so the region stays the same part of the sprite.
          zoom: scale === 1 ? undefined : scale,
        }}
      />
      <span className="seek-preview__time">{formatTime(time)}</span>
    </div>
  );
}
