/** Chat constants of SPEC.md section 9 (the message length limit lives in @portal/contracts). */
export const CHAT_PANEL_HEIGHT_PX = 500;

/** Messages per GET; older pages follow `nextCursor`. */
export const CHAT_PAGE_SIZE = 50;

/** The chat socket gives up after 5 attempts, 1 s apart. */
export const CHAT_SOCKET_RECONNECTION = {
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  timeout: 20000,
} as const;

/** Fresh 5 min, kept 10 min, never refetched by focus, mount or reconnect, no retries. */
export const CHAT_QUERY_CACHE = {
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
  refetchOnReconnect: false,
  retry: false,
} as const;

/** Local storage key of the last message the user has seen. */
export const CHAT_LAST_READ_KEY = 'chatLastReadMessageId';
