import { describe, expect, it } from 'vitest';
import { isBackKey } from '../../../../shared/lib/tv-keys';
import { tvPlayerAction } from './tv-keys';

describe('TV player keys', () => {
  it('plays and pauses with Enter, seeks 10 s with the side arrows, opens the settings with ↑', () => {
    expect(tvPlayerAction('Enter', false)).toEqual({ type: 'toggle-play' });
    expect(tvPlayerAction('MediaPlayPause', false)).toEqual({ type: 'toggle-play' });
    expect(tvPlayerAction('ArrowLeft', false)).toEqual({ type: 'seek', by: -10 });
    expect(tvPlayerAction('ArrowRight', false)).toEqual({ type: 'seek', by: 10 });
    expect(tvPlayerAction('ArrowUp', false)).toEqual({ type: 'show-settings' });
    expect(tvPlayerAction('ArrowDown', false)).toEqual({ type: 'hide' });
  });

  it('inside the settings: side arrows move along a row, ↑/↓ between rows, Enter is the button’s own, Back closes them first', () => {
    expect(tvPlayerAction('ArrowLeft', true)).toEqual({ type: 'move', by: -1 });
    expect(tvPlayerAction('ArrowRight', true)).toEqual({ type: 'move', by: 1 });
    expect(tvPlayerAction('ArrowUp', true)).toEqual({ type: 'row', by: -1 });
    expect(tvPlayerAction('ArrowDown', true)).toEqual({ type: 'row', by: 1 });
    expect(tvPlayerAction('Enter', true)).toBeNull();
    expect(tvPlayerAction('Escape', true)).toEqual({ type: 'hide' });
  });

  it('leaves with any back key of a keyboard or remote', () => {
    for (const key of ['Escape', 'Backspace', 'GoBack', 'BrowserBack']) {
      expect(isBackKey(key)).toBe(true);
      expect(tvPlayerAction(key, false)).toEqual({ type: 'back' });
    }
    expect(tvPlayerAction('KeyQ', false)).toBeNull();
  });
});
