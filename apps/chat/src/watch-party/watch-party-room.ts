import {
  WATCH_PARTY_DEFAULT_TRACKS,
  type WatchPartyHostChangeReason,
  type WatchPartyMember,
  type WatchPartyServerToClientEvents,
  type WatchPartyState,
  type WatchPartyTracks,
} from '@portal/contracts';
import { WatchPartyError } from './watch-party.errors';

/**
 * A watch-party room as stored in Redis, and the pure rules that change it. Every rule takes the
 * record and `now` and returns a new record plus what to announce; the store applies a rule
 * atomically (compare-and-set), so two replicas can never interleave a host change.
 */

/** One open socket of a member, and the gateway replica that holds it. */
export interface MemberConnection {
  socketId: string;
  replicaId: string;
}

export interface MemberRecord {
  userId: string;
  username: string;
  avatar: string | null;
  joinedAt: number;
  connections: MemberConnection[];
}

/** The room as stored: the public state, with the creation time in ms and members' connections. */
export interface RoomRecord extends Omit<WatchPartyState, 'createdAt' | 'members' | 'tracks'> {
  createdAt: number;
  /** Absent in a room stored before rooms had tracks: the defaults. */
  tracks?: WatchPartyTracks;
  /** Join order. */
  members: MemberRecord[];
  /** The ids of the last requests that changed the room (oncePerCall). */
  calls?: string[];
}

export interface RoomUser {
  userId: string;
  username: string;
  avatar: string | null;
}

/** What a change announces to the room besides the new state. */
export type RoomNotice =
  | { event: 'member-joined'; payload: Parameters<WatchPartyServerToClientEvents['member-joined']>[0] }
  | { event: 'member-left'; payload: Parameters<WatchPartyServerToClientEvents['member-left']>[0] }
  | { event: 'host-changed'; payload: Parameters<WatchPartyServerToClientEvents['host-changed']>[0] };

export interface RoomChange {
  room: RoomRecord;
  notices: RoomNotice[];
}

export type ControlAction =
  | { kind: 'play' | 'pause' | 'seek'; position: number; rate?: number; at?: number }
  | { kind: 'episode'; episode: number }
  | ({ kind: 'tracks' } & WatchPartyTracks);

/**
 * How many of the requests that last changed a room it remembers: more than a room changes within a
 * request's deadline (RPC_TIMEOUT_MS, 5 s), after which a request is never run again.
 */
export const REMEMBERED_CALLS = 32;

/**
 * `rule`, applied once per request: a request taken over from a chat replica that died after writing
 * its change but before answering runs again (it leaves no `applied_calls` row), and then changes
 * nothing. Without a request id (the sweep) the rule applies as it is.
 */
export function oncePerCall(rule: (room: RoomRecord) => RoomChange | null, callId: string | undefined): (room: RoomRecord) => RoomChange | null {
  if (callId === undefined) return rule;
  return (room) => {
    if (room.calls?.includes(callId)) return null;
    const change = rule(room);
    return change && { ...change, room: { ...change.room, calls: [...(room.calls ?? []), callId].slice(-REMEMBERED_CALLS) } };
  };
}

/** How far back a host's `at` may point: older reports are taken as "now" (a skewed or lying clock). */
const MAX_REPORT_AGE_MS = 5_000;

export function newRoom(roomId: string, animeId: number, episode: number, host: RoomUser, now: number, graceMs: number): RoomRecord {
  return {
    roomId,
    animeId,
    episode,
    hostUserId: host.userId,
    playing: false,
    position: 0,
    positionAt: now,
    rate: 1,
    tracks: { ...WATCH_PARTY_DEFAULT_TRACKS },
    createdAt: now,
    version: 1,
    // The creator is on the way to the room's page; until they connect, the grace period runs.
    hostGraceUntil: now + graceMs,
    members: [{ ...host, joinedAt: now, connections: [] }],
  };
}

/** Where the host's player is at `now` (server ms), extrapolated from the last report. */
export function expectedPosition(room: Pick<RoomRecord, 'playing' | 'position' | 'positionAt' | 'rate'>, now: number): number {
  if (!room.playing) return room.position;
  return room.position + (Math.max(0, now - room.positionAt) / 1000) * room.rate;
}

export const isConnected = (member: MemberRecord) => member.connections.length > 0;

export function toState(room: RoomRecord): WatchPartyState {
  return {
    roomId: room.roomId,
    animeId: room.animeId,
    episode: room.episode,
    hostUserId: room.hostUserId,
    playing: room.playing,
    position: room.position,
    positionAt: room.positionAt,
    rate: room.rate,
    tracks: room.tracks ?? { ...WATCH_PARTY_DEFAULT_TRACKS },
    members: room.members.map((member) => toMember(room, member)),
    createdAt: new Date(room.createdAt).toISOString(),
    version: room.version,
    hostGraceUntil: room.hostGraceUntil,
  };
}

const toMember = (room: RoomRecord, member: MemberRecord): WatchPartyMember => ({
  userId: member.userId,
  username: member.username,
  avatar: member.avatar,
  isHost: member.userId === room.hostUserId,
  connected: isConnected(member),
});

/** A socket of `user` enters the room. A returning host takes control back; a vacant room gets a host. */
export function join(room: RoomRecord, user: RoomUser, connection: MemberConnection, now: number): RoomChange {
  const next = applyDue(room, now);
  const notices = [...next.notices];
  const record = clone(next.room);
  let member = record.members.find((candidate) => candidate.userId === user.userId);
  const wasConnected = member ? isConnected(member) : false;
  if (!member) {
    member = { ...user, joinedAt: now, connections: [] };
    record.members.push(member);
  } else {
    member.username = user.username;
    member.avatar = user.avatar ?? member.avatar;
  }
  member.connections = [...member.connections.filter((known) => known.socketId !== connection.socketId), connection];
  if (!wasConnected) notices.push({ event: 'member-joined', payload: { member: toMember(record, member) } });
  if (record.hostUserId === user.userId) {
    record.hostGraceUntil = null;
  } else if (hostIsGone(record)) {
    // Nobody holds control (the host left or timed out with nobody to hand over to): the newcomer takes it.
    handOver(record, member, 'vacant', now, notices);
  }
  return { room: bump(record), notices };
}

/** One socket went away (closed tab, network, dead replica). The host's grace period starts when their last one does. */
export function disconnect(room: RoomRecord, matches: (connection: MemberConnection) => boolean, now: number, graceMs: number): RoomChange | null {
  const record = clone(room);
  const notices: RoomNotice[] = [];
  let changed = false;
  for (const member of record.members) {
    const before = member.connections.length;
    member.connections = member.connections.filter((connection) => !matches(connection));
    if (member.connections.length === before) continue;
    changed = true;
    if (isConnected(member)) continue;
    notices.push({ event: 'member-left', payload: { userId: member.userId, username: member.username, reason: 'disconnected' } });
    if (member.userId === record.hostUserId) record.hostGraceUntil = now + graceMs;
  }
  return changed ? { room: bump(record), notices } : null;
}

/** The user leaves for good: all their sockets, their place in the list, and control at once. */
export function leave(room: RoomRecord, userId: string, now: number): RoomChange | null {
  const member = room.members.find((candidate) => candidate.userId === userId);
  if (!member) return null;
  const record = clone(room);
  record.members = record.members.filter((candidate) => candidate.userId !== userId);
  const notices: RoomNotice[] = [{ event: 'member-left', payload: { userId, username: member.username, reason: 'left' } }];
  if (record.hostUserId === userId) {
    const successor = record.members.find(isConnected) ?? null;
    if (successor) handOver(record, successor, 'left', now, notices);
    else {
      freezePosition(record, now);
      record.hostUserId = null;
      record.hostGraceUntil = null;
      notices.push({ event: 'host-changed', payload: { hostUserId: null, hostUsername: null, previousHostUserId: userId, reason: 'left' } });
    }
  }
  return { room: bump(record), notices };
}

/**
 * A host's play, pause, seek, episode change or choice of voice-over and subtitles; anybody else is
 * refused. A new episode starts on the defaults: its playlist may not have the tracks of the last one.
 */
export function control(room: RoomRecord, userId: string, action: ControlAction, now: number): RoomChange {
  const next = applyDue(room, now);
  if (next.room.hostUserId !== userId) throw WatchPartyError.notHost();
  const record = clone(next.room);
  if (action.kind === 'episode') {
    record.episode = action.episode;
    record.playing = false;
    record.position = 0;
    record.positionAt = now;
    record.tracks = { ...WATCH_PARTY_DEFAULT_TRACKS };
  } else if (action.kind === 'tracks') {
    record.tracks = { audio: action.audio, subtitles: action.subtitles };
  } else {
    record.playing = action.kind === 'play' ? true : action.kind === 'pause' ? false : record.playing;
    record.position = action.position;
    record.positionAt = action.at !== undefined && action.at <= now && action.at >= now - MAX_REPORT_AGE_MS ? action.at : now;
    if (action.rate !== undefined) record.rate = action.rate;
  }
  return { room: bump(record), notices: next.notices };
}

/**
 * Applies a due host deadline: a host who has been gone past the grace period hands control to the
 * next connected member in join order. With nobody connected there is nobody to hand to: the room
 * stays theirs until someone joins (then the newcomer takes it) or they come back.
 */
export function applyDue(room: RoomRecord, now: number): RoomChange {
  if (room.hostGraceUntil === null || room.hostGraceUntil > now) return { room, notices: [] };
  const host = hostOf(room);
  const record = clone(room);
  const notices: RoomNotice[] = [];
  if (host && isConnected(host)) {
    record.hostGraceUntil = null;
  } else {
    const successor = record.members.find((member) => member.userId !== record.hostUserId && isConnected(member));
    if (successor) handOver(record, successor, 'timeout', now, notices);
    else record.hostGraceUntil = null;
  }
  return { room: bump(record), notices };
}

function handOver(record: RoomRecord, to: MemberRecord, reason: WatchPartyHostChangeReason, now: number, notices: RoomNotice[]): void {
  const previousHostUserId = record.hostUserId;
  freezePosition(record, now);
  record.hostUserId = to.userId;
  record.hostGraceUntil = null;
  notices.push({ event: 'host-changed', payload: { hostUserId: to.userId, hostUsername: to.username, previousHostUserId, reason } });
}

/** Control changes hands at the position the room has reached, so members do not jump. */
function freezePosition(record: RoomRecord, now: number): void {
  record.position = expectedPosition(record, now);
  record.positionAt = now;
}

const hostOf = (room: RoomRecord) => room.members.find((member) => member.userId === room.hostUserId);

/** No host, or a host who is away with no grace period pending. */
function hostIsGone(room: RoomRecord): boolean {
  const host = hostOf(room);
  return !host || (room.hostGraceUntil === null && !isConnected(host));
}

const bump = (room: RoomRecord): RoomRecord => ({ ...room, version: room.version + 1 });

const clone = (room: RoomRecord): RoomRecord => ({
  ...room,
  members: room.members.map((member) => ({ ...member, connections: [...member.connections] })),
});
