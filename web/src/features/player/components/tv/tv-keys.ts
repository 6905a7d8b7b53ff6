/**
 * Keys of a TV remote as browsers report them. Back: Escape, Backspace, and the `GoBack` /
 * `BrowserBack` keys some remotes send (shared/lib/tv-keys, read by the features/tv screens too).
 */
import { isBackKey } from '../../../../shared/lib/tv-keys';

export type TvPlayerKeyAction =
  | { type: 'toggle-play' }
  | { type: 'seek'; by: number }
  | { type: 'show-settings' }
  | { type: 'hide' }
  | { type: 'back' }
  | { type: 'move'; by: -1 | 1 }
  | { type: 'row'; by: -1 | 1 };

export const TV_SEEK_SECONDS = 10;

/**
 * What a key does in the TV player. ↑ opens the settings (the rows of quality, voice-over and
 * subtitles); there ←/→ move along a row, ↑/↓ go from row to row (↓ past the last closes them) and
 * Enter picks (the focused button's own click); otherwise ←/→ seek and Enter plays or pauses.
 */
export function tvPlayerAction(key: string, settingsOpen: boolean): TvPlayerKeyAction | null {
  if (isBackKey(key)) return settingsOpen ? { type: 'hide' } : { type: 'back' };
  switch (key) {
    case 'Enter':
    case ' ':
      return settingsOpen ? null : { type: 'toggle-play' };
    case 'MediaPlayPause':
    case 'MediaPlay':
    case 'MediaPause':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
    case 'MediaRewind':
      return settingsOpen ? { type: 'move', by: -1 } : { type: 'seek', by: -TV_SEEK_SECONDS };
    case 'ArrowRight':
    case 'MediaFastForward':
      return settingsOpen ? { type: 'move', by: 1 } : { type: 'seek', by: TV_SEEK_SECONDS };
    case 'ArrowUp':
      return settingsOpen ? { type: 'row', by: -1 } : { type: 'show-settings' };
    case 'ArrowDown':
      return settingsOpen ? { type: 'row', by: 1 } : { type: 'hide' };
    default:
      return null;
  }
}
