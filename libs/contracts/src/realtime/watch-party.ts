/**
 * Watch-party rooms (issue #5): the socket.io namespace `/watch-party` and its REST companions
 * (`POST /api/watch-party`, `GET /api/watch-party/:roomId`). The server validates every client
 * payload; these types say what a well-behaved client sends.
 */

import type { WatchPartyChatMessage, WatchPartyCreated, WatchPartyMember, WatchPartyState, WatchPartyTracks } from './watch-party.answers';

export type { WatchPartyChatMessage, WatchPartyCreated, WatchPartyMember, WatchPartyState, WatchPartyTracks };

export const WATCH_PARTY_NAMESPACE = '/watch-party';

/** Room ids are 12 URL-safe characters (72 random bits). */
export const WATCH_PARTY_ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;

export const WATCH_PARTY_CHAT_MAX_LENGTH = 500;
/** Room chat messages kept per room and sent to whoever joins. */
export const WATCH_PARTY_CHAT_HISTORY = 50;
/** Room chat messages one user may send per window, across rooms and replicas. */
export const WATCH_PARTY_CHAT_RATE_LIMIT = { messages: 5, seconds: 10 } as const;
export const WATCH_PARTY_MIN_RATE = 0.25;
export const WATCH_PARTY_MAX_RATE = 4;
/** The longest rendition NAME a room takes (after trimming). */
export const WATCH_PARTY_TRACK_NAME_MAX_LENGTH = 100;
/** A room's tracks before the host chose any, and after each episode change: the default voice-over, no subtitles. */
export const WATCH_PARTY_DEFAULT_TRACKS: WatchPartyTracks = { audio: null, subtitles: null };

export type { WatchPartyCreate } from './watch-party.schemas';

export const watchPartyPath = (roomId: string) => `/watch-party/${roomId}`;

/** The socket.io room of a watch-party room: the chat service pushes to it through the Redis adapter. */
export const watchPartyRoom = (roomId: string) => `watch-party:${roomId}`;

/** A host's playback report. `at` (server ms, from the client's clock offset) is when `position` was read. */
export interface WatchPartyPlayback {
  position: number;
  rate?: number;
  at?: number;
}

export interface WatchPartyClientToServerEvents {
  join: (payload: { roomId: string }) => void;
  leave: () => void;
  play: (payload: WatchPartyPlayback) => void;
  pause: (payload: WatchPartyPlayback) => void;
  seek: (payload: WatchPartyPlayback) => void;
  episode: (payload: { episode: number }) => void;
  /** The host's voice-over and subtitles, by NAME (null: the default voice-over, subtitles off). */
  tracks: (payload: WatchPartyTracks) => void;
  chat: (payload: { text: string }) => void;
  /** NTP-style ping: answered with `time-sync` carrying the same `clientSentAt`. */
  'time-sync': (payload: { clientSentAt: number }) => void;
}

export type WatchPartyHostChangeReason = 'left' | 'timeout' | 'vacant';

export interface WatchPartyServerToClientEvents {
  /** The whole room, after joining and after every change. */
  state: (state: WatchPartyState) => void;
  'member-joined': (payload: { member: WatchPartyMember }) => void;
  'member-left': (payload: { userId: string; username: string; reason: 'left' | 'disconnected' }) => void;
  'host-changed': (payload: {
    hostUserId: string | null;
    hostUsername: string | null;
    previousHostUserId: string | null;
    reason: WatchPartyHostChangeReason;
  }) => void;
  'chat-message': (message: WatchPartyChatMessage) => void;
  /** The last messages, oldest first, sent to a socket when it joins. */
  'chat-history': (messages: WatchPartyChatMessage[]) => void;
  /** Pong: server receive and send times (ms) for the ping's `clientSentAt`. */
  'time-sync': (payload: { clientSentAt: number; serverReceivedAt: number; serverSentAt: number }) => void;
  error: (payload: WatchPartyErrorPayload) => void;
}

export enum WatchPartyErrorCode {
  BadPayload = 'BAD_PAYLOAD',
  RoomNotFound = 'ROOM_NOT_FOUND',
  NotJoined = 'NOT_JOINED',
  NotHost = 'NOT_HOST',
  RateLimited = 'RATE_LIMITED',
  Unavailable = 'UNAVAILABLE',
  /** The user is banned, read-only or muted in the chat (docs/moderation.md, «Bans»); the message says until when. */
  Restricted = 'RESTRICTED',
}

export interface WatchPartyErrorPayload {
  code: WatchPartyErrorCode;
  message: string;
  /** The client event that was refused. */
  event?: string;
}

export const WATCH_PARTY_MESSAGES = {
  badPayload: 'Некорректные данные запроса',
  roomNotFound: 'Комната не найдена или уже закрыта',
  notJoined: 'Сначала войдите в комнату',
  notHost: 'Управлять просмотром может только ведущий',
  chatEmpty: 'Сообщение не может быть пустым',
  chatTooLong: `Сообщение не может быть длиннее ${WATCH_PARTY_CHAT_MAX_LENGTH} символов`,
  rateLimited: 'Вы отправляете сообщения слишком часто, подождите немного',
  unavailable: 'Сервис совместного просмотра временно недоступен, попробуйте ещё раз',
  signInRequired: 'Для совместного просмотра нужно войти',
  badAnimeId: 'Некорректный идентификатор аниме',
  badEpisode: 'Некорректный номер серии',
} as const;
