/** The player's keyboard shortcuts as data: the help overlay lists them, the page applies them. */

export type PlayerAction =
  | { type: 'toggle-play' }
  | { type: 'seek'; by: number }
  | { type: 'volume'; by: number }
  | { type: 'mute' }
  | { type: 'fullscreen' }
  | { type: 'next' }
  | { type: 'help' };

export const SEEK_STEP_SECONDS = 10;
export const VOLUME_STEP = 0.1;

export interface KeyInput {
  key: string;
  /** Physical key: letters are matched by position, so a Russian layout ("л" on K) works too. */
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/**
 * What has focus: typing is never hijacked; Space on a button stays the button's; arrows in a menu or
 * on a slider stay the widget's.
 */
export type FocusKind = 'editable' | 'button' | 'arrow-widget' | 'other';

const BY_CODE: Record<string, PlayerAction> = {
  KeyK: { type: 'toggle-play' },
  KeyJ: { type: 'seek', by: -SEEK_STEP_SECONDS },
  KeyL: { type: 'seek', by: SEEK_STEP_SECONDS },
  KeyM: { type: 'mute' },
  KeyF: { type: 'fullscreen' },
  KeyN: { type: 'next' },
};

const BY_KEY: Record<string, PlayerAction> = {
  ' ': { type: 'toggle-play' },
  ArrowLeft: { type: 'seek', by: -SEEK_STEP_SECONDS },
  ArrowRight: { type: 'seek', by: SEEK_STEP_SECONDS },
  ArrowUp: { type: 'volume', by: VOLUME_STEP },
  ArrowDown: { type: 'volume', by: -VOLUME_STEP },
};

/** The action of a key press, or null when the key is not the player's (the browser keeps it). */
export function actionForKey(input: KeyInput, focus: FocusKind = 'other'): PlayerAction | null {
  if (input.ctrlKey || input.altKey || input.metaKey) return null;
  if (focus === 'editable') return null;
  // "?" is Shift+/ on a US layout and Shift+7 on a Russian one: match the character, or the US key.
  if (input.key === '?' || (input.shiftKey && input.code === 'Slash')) return { type: 'help' };
  if (input.key === ' ' || input.code === 'Space') return focus === 'other' ? BY_KEY[' ']! : null;
  if (input.shiftKey) return null;
  const arrow = BY_KEY[input.key];
  if (arrow) return focus === 'arrow-widget' ? null : arrow;
  return BY_CODE[input.code] ?? null;
}

/** Rows of the help overlay, in the order shown. */
export const SHORTCUT_HELP: ReadonlyArray<{
  keys: readonly string[];
  action: PlayerAction['type'] | 'seek-back' | 'seek-forward' | 'volume-up' | 'volume-down';
}> = [
  { keys: ['Пробел', 'K'], action: 'toggle-play' },
  { keys: ['←', 'J'], action: 'seek-back' },
  { keys: ['→', 'L'], action: 'seek-forward' },
  { keys: ['↑'], action: 'volume-up' },
  { keys: ['↓'], action: 'volume-down' },
  { keys: ['M'], action: 'mute' },
  { keys: ['F'], action: 'fullscreen' },
  { keys: ['N'], action: 'next' },
  { keys: ['Shift', '?'], action: 'help' },
];

const EDITABLE =
  'input:not([type="range"]):not([type="checkbox"]):not([type="radio"]):not([type="button"]), textarea, select, [contenteditable=""], [contenteditable="true"]';
const ARROW_WIDGET = 'input[type="range"], [role="slider"], [role="menu"], [role="menuitem"], [role="menuitemradio"], [role="option"], [role="tab"]';
const BUTTON = 'button, a[href], summary, input, [role="button"]';

/** Classifies the focused element for `actionForKey`. */
export function focusKindOf(target: EventTarget | null): FocusKind {
  if (!(target instanceof Element)) return 'other';
  if (target.closest(EDITABLE)) return 'editable';
  if (target.closest(ARROW_WIDGET)) return 'arrow-widget';
  if (target.closest(BUTTON)) return 'button';
  return 'other';
}
