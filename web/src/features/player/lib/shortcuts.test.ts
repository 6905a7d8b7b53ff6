import { describe, expect, it } from 'vitest';
import { actionForKey, focusKindOf, type KeyInput } from './shortcuts';

const key = (k: string, code: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  code,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...extra,
});

describe('player shortcuts', () => {
  it('maps the documented keys to actions', () => {
    expect(actionForKey(key(' ', 'Space'))).toEqual({ type: 'toggle-play' });
    expect(actionForKey(key('k', 'KeyK'))).toEqual({ type: 'toggle-play' });
    expect(actionForKey(key('ArrowLeft', 'ArrowLeft'))).toEqual({ type: 'seek', by: -10 });
    expect(actionForKey(key('ArrowRight', 'ArrowRight'))).toEqual({ type: 'seek', by: 10 });
    expect(actionForKey(key('j', 'KeyJ'))).toEqual({ type: 'seek', by: -10 });
    expect(actionForKey(key('l', 'KeyL'))).toEqual({ type: 'seek', by: 10 });
    expect(actionForKey(key('ArrowUp', 'ArrowUp'))).toEqual({ type: 'volume', by: 0.1 });
    expect(actionForKey(key('ArrowDown', 'ArrowDown'))).toEqual({ type: 'volume', by: -0.1 });
    expect(actionForKey(key('m', 'KeyM'))).toEqual({ type: 'mute' });
    expect(actionForKey(key('f', 'KeyF'))).toEqual({ type: 'fullscreen' });
    expect(actionForKey(key('n', 'KeyN'))).toEqual({ type: 'next' });
    expect(actionForKey(key('?', 'Slash', { shiftKey: true }))).toEqual({ type: 'help' });
  });

  it('works on a Russian layout: letters by their physical key, "?" by its character', () => {
    expect(actionForKey(key('л', 'KeyK'))).toEqual({ type: 'toggle-play' });
    expect(actionForKey(key('а', 'KeyF'))).toEqual({ type: 'fullscreen' });
    expect(actionForKey(key('?', 'Digit7', { shiftKey: true }))).toEqual({ type: 'help' });
  });

  it('leaves browser and system shortcuts alone', () => {
    expect(actionForKey(key('f', 'KeyF', { ctrlKey: true }))).toBeNull();
    expect(actionForKey(key('l', 'KeyL', { metaKey: true }))).toBeNull();
    expect(actionForKey(key('ArrowLeft', 'ArrowLeft', { altKey: true }))).toBeNull();
    expect(actionForKey(key('N', 'KeyN', { shiftKey: true }))).toBeNull();
    expect(actionForKey(key('x', 'KeyX'))).toBeNull();
  });

  it('never hijacks typing', () => {
    expect(actionForKey(key('k', 'KeyK'), 'editable')).toBeNull();
    expect(actionForKey(key(' ', 'Space'), 'editable')).toBeNull();
  });

  it('leaves Space to a focused button and arrows to a focused slider or menu', () => {
    expect(actionForKey(key(' ', 'Space'), 'button')).toBeNull();
    expect(actionForKey(key('ArrowLeft', 'ArrowLeft'), 'button')).toEqual({ type: 'seek', by: -10 });
    expect(actionForKey(key('ArrowLeft', 'ArrowLeft'), 'arrow-widget')).toBeNull();
    expect(actionForKey(key('m', 'KeyM'), 'arrow-widget')).toEqual({ type: 'mute' });
  });

  it('classifies the focused element', () => {
    document.body.innerHTML =
      '<input id="text"><input id="range" type="range"><button id="button">x</button><div role="menu"><div id="item" role="menuitemradio">1080p</div></div><div id="plain"></div>';
    const byId = (id: string) => document.getElementById(id);
    expect(focusKindOf(byId('text'))).toBe('editable');
    expect(focusKindOf(byId('range'))).toBe('arrow-widget');
    expect(focusKindOf(byId('item'))).toBe('arrow-widget');
    expect(focusKindOf(byId('button'))).toBe('button');
    expect(focusKindOf(byId('plain'))).toBe('other');
    expect(focusKindOf(null)).toBe('other');
  });
});
