/**
 * Keys of a TV remote as browsers report them. Back: Escape, Backspace, and the `GoBack` /
 * `BrowserBack` keys some remotes send (shared/lib/tv-keys, read by the features/tv screens too).
 */
import { isBackKey } from '../../../../shared/lib/tv-keys';

export type TvPlayerKeyAction =
  { type: 'toggle-play' } | { type: 'seek'; by: number } | { type: 'show-quality' } | { type: 'hide' } | { type: 'back' } | { type: 'move'; by: -1 | 1 };

export const TV_SEEK_SECONDS = 10;

/**
 * What a key does in the TV player. With the quality row open, ←/→ move along it and Enter picks
 * (the focused button's own click); otherwise ←/→ seek and Enter plays or pauses.
 */
export function tvPlayerAction(key: string, qualityOpen: boolean): TvPlayerKeyAction | null {
  if (isBackKey(key)) return qualityOpen ? { type: 'hide' } : { type: 'back' };
  switch (key) {
    case 'Enter':
    case ' ':
      return qualityOpen ? null : { type: 'toggle-play' };
    case 'MediaPlayPause':
    case 'MediaPlay':
    case 'MediaPause':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
    case 'MediaRewind':
      return qualityOpen ? { type: 'move', by: -1 } : { type: 'seek', by: -TV_SEEK_SECONDS };
    case 'ArrowRight':
    case 'MediaFastForward':
      return qualityOpen ? { type: 'move', by: 1 } : { type: 'seek', by: TV_SEEK_SECONDS };
    case 'ArrowUp':
      return { type: 'show-quality' };
    case 'ArrowDown':
      return { type: 'hide' };
    default:
      return null;
  }
}
