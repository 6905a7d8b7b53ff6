import type { WatchPartyChatMessage, WatchPartyMember, WatchPartyServerToClientEvents, WatchPartyState } from '@portal/contracts';
import type { PartySocket, PartySocketConnector } from '../api/watch-party-socket';

type ServerEvent = keyof WatchPartyServerToClientEvents | 'connect' | 'disconnect' | 'connect_error';
export type ScriptedEvent =
  { [E in keyof WatchPartyServerToClientEvents]: [E, Parameters<WatchPartyServerToClientEvents[E]>[0]] }[keyof WatchPartyServerToClientEvents] | ['disconnect'];

export interface FakePartyScript {
  /** False: the socket never connects (the "connecting" state). Default true. */
  connects?: boolean;
  /** The server refuses the connection (connect_error) with this message and envelope code instead. */
  refuses?: { message: string; code?: string };
  /** Sent when the page joins. */
  onJoin?: ScriptedEvent[];
  /** Sent a moment after the join answer (hand-overs, disconnects). */
  later?: ScriptedEvent[];
}

/** A socket without a server, for stories and tests: scripted answers, and what the page sent. */
export function fakePartyConnector(
  script: FakePartyScript = {},
): PartySocketConnector & { sent: Array<[string, unknown]>; refusals: () => number; push: (events: ScriptedEvent[]) => void } {
  const sent: Array<[string, unknown]> = [];
  let refusals = 0;
  let latest: (events: ScriptedEvent[]) => void = () => undefined;
  const connector = async (): Promise<PartySocket> => {
    const listeners = new Map<string, Array<(payload?: unknown) => void>>();
    const fire = (event: ServerEvent, payload?: unknown) => listeners.get(event)?.forEach((listener) => listener(payload));
    const play = (events: ScriptedEvent[]) => events.forEach(([event, payload]) => fire(event, payload));
    latest = play;
    const socket = {
      on(event: string, listener: (payload?: unknown) => void) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      },
      emit(event: string, payload?: unknown) {
        sent.push([event, payload]);
        if (event !== 'join') return;
        setTimeout(() => play(script.onJoin ?? []), 0);
        if (script.later) setTimeout(() => play(script.later ?? []), 50);
      },
      disconnect() {
        listeners.clear();
      },
    };
    const { refuses } = script;
    if (refuses) {
      setTimeout(() => {
        fire('connect_error', Object.assign(new Error(refuses.message), refuses.code ? { data: { code: refuses.code } } : {}));
        refusals += 1;
      }, 0);
    } else if (script.connects !== false) setTimeout(() => fire('connect'), 0);
    return socket as unknown as PartySocket;
  };
  // `push`: what the server says next, when a test decides (to the socket opened last).
  return Object.assign(connector, { sent, refusals: () => refusals, push: (events: ScriptedEvent[]) => latest(events) });
}

const T = Date.UTC(2025, 2, 1, 18, 0);

export const makePartyMember = (overrides: Partial<WatchPartyMember> = {}): WatchPartyMember => ({
  userId: 'u-2',
  username: 'hinata',
  avatar: null,
  isHost: false,
  connected: true,
  ...overrides,
});

export const makePartyState = (overrides: Partial<WatchPartyState> = {}): WatchPartyState => ({
  roomId: 'Room12345678',
  animeId: 20,
  episode: 1,
  hostUserId: 'u-2',
  playing: false,
  position: 0,
  positionAt: T,
  rate: 1,
  tracks: { audio: null, subtitles: null },
  members: [makePartyMember({ isHost: true }), makePartyMember({ userId: 'u-1', username: 'sakura' })],
  createdAt: new Date(T).toISOString(),
  version: 3,
  hostGraceUntil: null,
  ...overrides,
});

export const makePartyMessage = (overrides: Partial<WatchPartyChatMessage> = {}): WatchPartyChatMessage => ({
  id: 'c-1',
  userId: 'u-2',
  username: 'hinata',
  avatar: null,
  text: 'Всем привет, начинаем?',
  sentAt: T,
  ...overrides,
});
