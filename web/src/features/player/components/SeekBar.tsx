import { type PointerEvent, useRef, useState } from 'react';
import { type SeekThumbnails, thumbnailAt } from '../lib/seek-thumbnails';
import { PLAYER_STRINGS } from '../strings';
import { SeekPreview } from './SeekPreview';
import '../player.css';

const S = PLAYER_STRINGS;

export interface SeekBarProps {
  /** The position, in seconds. */
  time: number;
  /** Null until the stream tells it: the bar is off. */
  duration: number | null;
  onSeek(seconds: number): void;
  /** The episode's seek thumbnails; null: no preview. */
  thumbnails: SeekThumbnails | null;
  /** Stories: start with the preview of this time shown, as under a hovering pointer. */
  initialPreviewTime?: number;
}

/**
 * The player's scrubber: a range input of the position. With seek thumbnails, the picture of the
 * time under the pointer shows above it while the viewer hovers or drags it (a finger: while it drags).
 */
export function SeekBar({ time, duration, onSeek, thumbnails, initialPreviewTime }: SeekBarProps) {
  const [previewTime, setPreviewTime] = useState<number | null>(initialPreviewTime ?? null);
  const dragging = useRef(false);
  const length = duration ?? 0;
  const max = Math.max(length, 1);

  /** The time under the pointer: its place along the input (null while the input has no size, or no duration). */
  const timeAt = (event: PointerEvent<HTMLInputElement>): number | null => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || length <= 0) return null;
    return Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)) * length;
  };

  const preview = thumbnails && previewTime !== null && length > 0 ? thumbnailAt(thumbnails, previewTime) : null;

  return (
    <div className="player__seek-area">
      {preview && previewTime !== null ? <SeekPreview thumbnail={preview} time={previewTime} fraction={previewTime / length} /> : null}
      <input
        className="player__seek"
        type="range"
        min={0}
        max={max}
        step={1}
        value={Math.min(time, max)}
        onChange={(event) => {
          const seconds = Number(event.target.value);
          onSeek(seconds);
          // A drag the pointer's moves did not follow (a finger the browser keeps for the input): the thumb's place.
          if (dragging.current) setPreviewTime(seconds);
        }}
        onPointerMove={(event) => {
          // A finger previews only while it drags; a mouse or pen wherever it hovers.
          if (event.pointerType === 'touch' && !dragging.current) return;
          const at = timeAt(event);
          if (at !== null) setPreviewTime(at);
        }}
        onPointerDown={(event) => {
          dragging.current = true;
          // Its moves and its release stay the bar's when the drag goes past its ends.
          try {
            event.currentTarget.setPointerCapture(event.pointerId);
          } catch {
            // No such pointer (a synthetic event) or no capture (jsdom): the moves over the bar still preview.
          }
          const at = timeAt(event);
          if (at !== null) setPreviewTime(at);
        }}
        onPointerUp={(event) => {
          dragging.current = false;
          if (event.pointerType === 'touch') setPreviewTime(null);
        }}
        onPointerCancel={() => {
          dragging.current = false;
          setPreviewTime(null);
        }}
        onPointerLeave={() => {
          if (!dragging.current) setPreviewTime(null);
        }}
        onBlur={() => {
          dragging.current = false;
          setPreviewTime(null);
        }}
        aria-label={S.seek}
        aria-valuetext={S.seekValue(time, length)}
        disabled={duration === null}
      />
    </div>
  );
}
