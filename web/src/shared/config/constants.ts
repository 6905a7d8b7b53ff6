/** Client-side business constants of SPEC.md section 9 (the validation limits live in @portal/contracts). */
export const AUTH_GUARD_MIN_DISPLAY_MS = 500;
export const USERNAME_CHECK_DEBOUNCE_MS = 500;
export const MOBILE_BREAKPOINT_PX = 768;
export const TV_NAV_MEDIA_QUERY = '(hover: none) and (min-width: 1280px)';
export const TV_NAV_ITEM_COUNT = 7;
export const ONLINE_LIST_PAGE_SIZE = 20;
export const TELEGRAM_POLL_INTERVAL_MS = 2000;
export const TELEGRAM_MAX_POLLS = 30;
export const CARD_DIALOG_WIDTH_PX = 370;

export const TOAST_SETTINGS = {
  visibleToasts: 3,
  durationMs: 4000,
  gapPx: 14,
  hotkey: ['altKey', 'KeyT'],
} as const;

export const GENERAL_SOCKET_RECONNECTION = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20000,
} as const;

/** Name of the global event that opens the chat widget (dispatched on window). */
export const OPEN_CHAT_EVENT = 'portal:open-chat';
