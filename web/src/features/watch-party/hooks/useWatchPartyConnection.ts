import { useCallback, useContext, useEffect, useReducer, useRef } from 'react';
import {
  ErrorCode,
  WatchPartyErrorCode,
  type WatchPartyChatMessage,
  type WatchPartyClientToServerEvents,
  type WatchPartyErrorPayload,
  type WatchPartyServerToClientEvents,
  type WatchPartyState,
} from '@portal/contracts';
import { notify } from '../../../shared/ui/notify';
import { PartySocketContext, type PartySocket } from '../api/watch-party-socket';
import { bestEstimate, type ClockSample } from '../lib/sync';
import { WATCH_PARTY_STRINGS as S } from '../strings';

export type PartyConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'not-found' | 'unauthorized';

export interface PartyConnectionState {
  status: PartyConnectionStatus;
  room: WatchPartyState | null;
  chat: WatchPartyChatMessage[];
  /** The last refused chat message (shown under the chat input). */
  chatError: string | null;
}

type Action =
  | { type: 'status'; status: PartyConnectionStatus }
  | { type: 'state'; room: WatchPartyState }
  | { type: 'chat-history'; messages: WatchPartyChatMessage[] }
  | { type: 'chat-message'; message: WatchPartyChatMessage }
  | { type: 'chat-error'; message: string | null };

const CHAT_KEPT = 200;

export function partyReducer(state: PartyConnectionState, action: Action): PartyConnectionState {
  switch (action.type) {
    case 'status':
      return { ...state, status: action.status };
    case 'state':
      // Broadcasts from two replicas may cross: the highest version wins.
      if (state.room && state.room.roomId === action.room.roomId && state.room.version > action.room.version) return state;
      return { ...state, room: action.room };
    case 'chat-history':
      return { ...state, chat: action.messages };
    case 'chat-message':
      if (state.chat.some((message) => message.id === action.message.id)) return state;
      return { ...state, chat: [...state.chat, action.message].slice(-CHAT_KEPT), chatError: null };
    case 'chat-error':
      return { ...state, chatError: action.message };
  }
}

export const INITIAL_PARTY_STATE: PartyConnectionState = { status: 'connecting', room: null, chat: [], chatError: null };

const SYNC_BURST = 5;
const SYNC_BURST_GAP_MS = 150;
const SYNC_EVERY_MS = 10_000;

export interface PartyConnection extends PartyConnectionState {
  /** The server's clock now, from the best ping sample (this browser's clock until the first pong). */
  serverNow(): number;
  send<E extends keyof WatchPartyClientToServerEvents>(event: E, ...args: Parameters<WatchPartyClientToServerEvents[E]>): void;
}

/**
 * The room's socket: joins on every (re)connect (so a member who comes back gets the current
 * state), keeps the newest state and the chat, measures the clock offset with a burst of pings
 * after each connect and one every 10 s, and tells about hand-overs in a toast.
 */
export function useWatchPartyConnection(roomId: string, token: string | null, myUserId: string | null): PartyConnection {
  const connect = useContext(PartySocketContext);
  const [state, dispatch] = useReducer(partyReducer, INITIAL_PARTY_STATE);
  const socketRef = useRef<PartySocket | null>(null);
  const samples = useRef<ClockSample[]>([]);
  const me = useRef(myUserId);
  useEffect(() => {
    me.current = myUserId;
  }, [myUserId]);

  useEffect(() => {
    if (!token) return undefined;
    let cancelled = false;
    let socket: PartySocket | null = null;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const ping = () => socket?.emit('time-sync', { clientSentAt: Date.now() });
    const on = <E extends keyof WatchPartyServerToClientEvents>(event: E, listener: WatchPartyServerToClientEvents[E]) => socket?.on(event, listener);

    void connect(token).then((opened) => {
      if (cancelled) {
        opened.disconnect();
        return;
      }
      socket = opened;
      socketRef.current = opened;
      opened.on('connect', () => {
        dispatch({ type: 'status', status: 'connected' });
        opened.emit('join', { roomId });
        for (let index = 0; index < SYNC_BURST; index++) timers.push(setTimeout(ping, index * SYNC_BURST_GAP_MS));
      });
      opened.on('disconnect', () => dispatch({ type: 'status', status: 'reconnecting' }));
      opened.on('connect_error', (error) => {
        // The namespace refuses a socket without a valid session with the envelope's code (its message is for people).
        const code = (error as Error & { data?: { code?: string } }).data?.code;
        if (error.message === 'websocket only' || code === ErrorCode.Unauthorized) dispatch({ type: 'status', status: 'unauthorized' });
        else dispatch({ type: 'status', status: 'reconnecting' });
      });
      on('state', (room) => dispatch({ type: 'state', room }));
      on('chat-history', (messages) => dispatch({ type: 'chat-history', messages }));
      on('chat-message', (message) => dispatch({ type: 'chat-message', message }));
      on('time-sync', (pong) => {
        samples.current = [...samples.current, { ...pong, clientReceivedAt: Date.now() }].slice(-16);
      });
      on('host-changed', (change) => {
        if (change.hostUserId === null) notify.info(S.hostChangedTitle, S.hostLeftNobody);
        else if (change.hostUserId === me.current) notify.info(S.hostChangedTitle, S.hostChangedToYou);
        else notify.info(S.hostChangedTitle, S.hostChangedTo(change.hostUsername ?? ''));
      });
      on('error', (error: WatchPartyErrorPayload) => {
        if (error.code === WatchPartyErrorCode.RoomNotFound) dispatch({ type: 'status', status: 'not-found' });
        else if (error.event === 'chat') dispatch({ type: 'chat-error', message: error.message });
        else notify.error(S.errorTitle, error.message);
      });
      timers.push(setInterval(ping, SYNC_EVERY_MS));
    });

    return () => {
      cancelled = true;
      timers.forEach((timer) => clearTimeout(timer));
      socket?.disconnect();
      socketRef.current = null;
    };
  }, [connect, roomId, token]);

  const serverNow = useCallback(() => Date.now() + (bestEstimate(samples.current)?.offset ?? 0), []);
  const send = useCallback<PartyConnection['send']>((event, ...args) => socketRef.current?.emit(event, ...args), []);
  return { ...state, serverNow, send };
}
