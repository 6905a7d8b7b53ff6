import { WatchPartyErrorCode } from '@portal/contracts';
import {
  applyDue,
  control,
  disconnect,
  expectedPosition,
  join,
  leave,
  newRoom,
  oncePerCall,
  REMEMBERED_CALLS,
  toState,
  type RoomRecord,
} from './watch-party-room';

const GRACE = 10_000;
const T0 = 1_700_000_000_000;
const host = { userId: 'u-host', username: 'host', avatar: null };
const anna = { userId: 'u-anna', username: 'anna', avatar: '/a.png' };
const boris = { userId: 'u-boris', username: 'boris', avatar: null };
const conn = (socketId: string, replicaId = 'r-a') => ({ socketId, replicaId });

/** A room with the host on replica A, then Anna and Boris on replica B, in that order. */
function fullRoom(): RoomRecord {
  let room = newRoom('room00000001', 20, 1, host, T0, GRACE);
  room = join(room, host, conn('s-host', 'r-a'), T0 + 1).room;
  room = join(room, anna, conn('s-anna', 'r-b'), T0 + 2).room;
  return join(room, boris, conn('s-boris', 'r-b'), T0 + 3).room;
}

describe('watch-party room rules', () => {
  it('extrapolates the host position while playing, at the host rate', () => {
    expect(expectedPosition({ playing: true, position: 10, positionAt: T0, rate: 1.5 }, T0 + 2000)).toBe(13);
    expect(expectedPosition({ playing: false, position: 10, positionAt: T0, rate: 1 }, T0 + 2000)).toBe(10);
  });

  it('lists members in join order with the host flagged and each one connected', () => {
    const state = toState(fullRoom());
    expect(state.members).toEqual([
      { userId: 'u-host', username: 'host', avatar: null, isHost: true, connected: true },
      { userId: 'u-anna', username: 'anna', avatar: '/a.png', isHost: false, connected: true },
      { userId: 'u-boris', username: 'boris', avatar: null, isHost: false, connected: true },
    ]);
    expect(state.hostGraceUntil).toBeNull();
  });

  it('applies only the host controls and refuses a member without changing anything', () => {
    const room = fullRoom();
    const played = control(room, 'u-host', { kind: 'play', position: 42, at: T0 + 9_000 }, T0 + 10_000).room;
    expect(played).toMatchObject({ playing: true, position: 42, positionAt: T0 + 9_000, version: room.version + 1 });
    expect(() => control(played, 'u-anna', { kind: 'pause', position: 1 }, T0 + 11_000)).toThrow(
      expect.objectContaining({ code: WatchPartyErrorCode.NotHost }),
    );
    const episode = control(played, 'u-host', { kind: 'episode', episode: 2 }, T0 + 12_000).room;
    expect(episode).toMatchObject({ episode: 2, playing: false, position: 0, positionAt: T0 + 12_000 });
  });

  it("keeps the host's voice-over and subtitles until the episode changes, refusing them from a member", () => {
    const room = fullRoom();
    expect(toState(room).tracks).toEqual({ audio: null, subtitles: null });
    const chosen = control(room, 'u-host', { kind: 'tracks', audio: 'AniLibria', subtitles: 'Kitsune' }, T0 + 10_000).room;
    expect(chosen).toMatchObject({ tracks: { audio: 'AniLibria', subtitles: 'Kitsune' }, version: room.version + 1 });
    expect(() => control(chosen, 'u-anna', { kind: 'tracks', audio: 'AniDub', subtitles: null }, T0 + 11_000)).toThrow(
      expect.objectContaining({ code: WatchPartyErrorCode.NotHost }),
    );
    const played = control(chosen, 'u-host', { kind: 'play', position: 3 }, T0 + 12_000).room;
    expect(toState(played).tracks).toEqual({ audio: 'AniLibria', subtitles: 'Kitsune' });
    expect(toState(control(played, 'u-host', { kind: 'episode', episode: 2 }, T0 + 13_000).room).tracks).toEqual({ audio: null, subtitles: null });
    // A room stored before rooms had tracks plays the defaults.
    const stored: RoomRecord = { ...room };
    delete stored.tracks;
    expect(toState(stored).tracks).toEqual({ audio: null, subtitles: null });
  });

  it('takes a report time too far in the past (or in the future) as the arrival time', () => {
    const room = fullRoom();
    expect(control(room, 'u-host', { kind: 'seek', position: 5, at: T0 - 60_000 }, T0 + 10_000).room.positionAt).toBe(T0 + 10_000);
    expect(control(room, 'u-host', { kind: 'seek', position: 5, at: T0 + 20_000 }, T0 + 10_000).room.positionAt).toBe(T0 + 10_000);
  });

  it('keeps control with a host who comes back within the grace period', () => {
    const gone = disconnect(fullRoom(), (c) => c.socketId === 's-host', T0 + 5_000, GRACE)!;
    expect(gone.room.hostGraceUntil).toBe(T0 + 15_000);
    expect(gone.notices).toEqual([{ event: 'member-left', payload: { userId: 'u-host', username: 'host', reason: 'disconnected' } }]);
    expect(applyDue(gone.room, T0 + 14_999).notices).toEqual([]);
    const back = join(gone.room, host, conn('s-host-2'), T0 + 8_000).room;
    expect(back).toMatchObject({ hostUserId: 'u-host', hostGraceUntil: null });
  });

  it('hands control to the next connected member in join order once the grace period is over, at the position reached', () => {
    let room = control(fullRoom(), 'u-host', { kind: 'play', position: 100 }, T0 + 4_000).room;
    room = disconnect(room, (c) => c.socketId === 's-anna', T0 + 4_500, GRACE)!.room;
    room = disconnect(room, (c) => c.replicaId === 'r-a', T0 + 5_000, GRACE)!.room;
    const handed = applyDue(room, T0 + 15_000);
    expect(handed.room).toMatchObject({ hostUserId: 'u-boris', hostGraceUntil: null, playing: true, position: 111, positionAt: T0 + 15_000 });
    expect(handed.notices).toEqual([
      { event: 'host-changed', payload: { hostUserId: 'u-boris', hostUsername: 'boris', previousHostUserId: 'u-host', reason: 'timeout' } },
    ]);
  });

  it('hands control over at once when the host leaves, and gives a vacant room to whoever joins next', () => {
    const left = leave(fullRoom(), 'u-host', T0 + 5_000)!;
    expect(left.room.hostUserId).toBe('u-anna');
    expect(left.room.members.map((m) => m.userId)).toEqual(['u-anna', 'u-boris']);
    let alone = leave(left.room, 'u-boris', T0 + 6_000)!.room;
    alone = leave(alone, 'u-anna', T0 + 7_000)!.room;
    expect(alone.hostUserId).toBeNull();
    const rejoined = join(alone, boris, conn('s-boris-2'), T0 + 8_000);
    expect(rejoined.room.hostUserId).toBe('u-boris');
    expect(rejoined.notices.map((n) => n.event)).toEqual(['member-joined', 'host-changed']);
  });

  it('with nobody to hand over to, the room waits for its host or gives control to the next newcomer', () => {
    const created = newRoom('room00000002', 20, 1, host, T0, GRACE);
    expect(applyDue(created, T0 + GRACE).room).toMatchObject({ hostUserId: 'u-host', hostGraceUntil: null });
    const taken = join(applyDue(created, T0 + GRACE).room, anna, conn('s-anna'), T0 + GRACE + 1);
    expect(taken.room.hostUserId).toBe('u-anna');
    // Within the grace period a newcomer waits for the creator.
    expect(join(created, anna, conn('s-anna'), T0 + 1).room.hostUserId).toBe('u-host');
  });

  it('counts a member with two tabs as connected until the last one closes', () => {
    let room = join(fullRoom(), anna, conn('s-anna-2', 'r-a'), T0 + 4_000).room;
    const first = disconnect(room, (c) => c.socketId === 's-anna', T0 + 5_000, GRACE)!;
    expect(first.notices).toEqual([]);
    room = disconnect(first.room, (c) => c.socketId === 's-anna-2', T0 + 6_000, GRACE)!.room;
    expect(toState(room).members.find((m) => m.userId === 'u-anna')?.connected).toBe(false);
    expect(disconnect(room, (c) => c.socketId === 'unknown', T0, GRACE)).toBeNull();
  });

  it('applies a request once: run again (taken over from a dead replica after it wrote), it changes nothing', () => {
    const seek = (position: number) => (room: RoomRecord) => control(room, host.userId, { kind: 'seek', position }, T0 + 10);
    const first = oncePerCall(seek(30), 'call-1')(fullRoom())!;
    expect(first.room).toMatchObject({ position: 30, calls: ['call-1'] });
    const later = oncePerCall(seek(60), 'call-2')(first.room)!;
    // The first request again, after a later one: the room stays where the later one put it.
    expect(oncePerCall(seek(30), 'call-1')(later.room)).toBeNull();
    expect(later.room).toMatchObject({ position: 60, calls: ['call-1', 'call-2'] });
    // A refusal remembers nothing; the sweep (no request) is not limited.
    expect(() => oncePerCall((room) => control(room, anna.userId, { kind: 'play', position: 1 }, T0 + 10), 'call-3')(later.room)).toThrow();
    expect(oncePerCall(seek(90), undefined)(later.room)!.room.calls).toEqual(['call-1', 'call-2']);
    // Only the last ones are kept.
    let room = later.room;
    for (let index = 0; index < REMEMBERED_CALLS + 5; index++) room = oncePerCall(seek(index), `many-${index}`)(room)!.room;
    expect(room.calls).toHaveLength(REMEMBERED_CALLS);
    expect(room.calls!.at(-1)).toBe(`many-${REMEMBERED_CALLS + 4}`);
    expect(toState(room)).not.toHaveProperty('calls');
  });
});
