import { presenceSnapshotOf as snapshotOf } from '@portal/contracts/schemas';
import { aggregatePresence, withVisitor } from './presence';

describe('online presence', () => {
  it('counts a user with several tabs, on several replicas, once', () => {
    const a = snapshotOf([
      { kind: 'user', key: 'u1', username: 'Алиса' },
      { kind: 'user', key: 'u1', username: 'Алиса' },
      { kind: 'guest', key: 'g1', username: null },
    ]);
    const b = snapshotOf([
      { kind: 'user', key: 'u1', username: 'Алиса' },
      { kind: 'user', key: 'u2', username: 'Борис' },
      { kind: 'guest', key: 'g1', username: null },
      { kind: 'guest', key: 'g2', username: null },
      { kind: 'bot', key: 'b1', username: null },
    ]);
    expect(aggregatePresence([a, b]).stats).toEqual({ usersOnline: 2, guestsOnline: 2, botsOnline: 1, usernames: ['Алиса', 'Борис'] });
  });

  it('tells at most 20 names, alphabetically, and keeps every name for paging', () => {
    const users = Array.from({ length: 25 }, (_, index) => ({ kind: 'user' as const, key: `u${index}`, username: `user${String(index).padStart(2, '0')}` }));
    const { stats, usernames } = aggregatePresence([snapshotOf(users)]);
    expect(stats.usersOnline).toBe(25);
    expect(stats.usernames).toHaveLength(20);
    expect(stats.usernames[0]).toBe('user00');
    expect(usernames).toEqual(users.map((user) => user.username));
  });

  it('sorts names whatever their case, the same on every replica', () => {
    const names = ['boris', 'Anna', 'Ünal', 'Charlie', 'анна', 'anna'];
    const visitors = names.map((username, index) => ({ kind: 'user' as const, key: `u${index}`, username }));
    // Russian collation: Cyrillic names come before Latin ones.
    const expected = ['анна', 'anna', 'Anna', 'boris', 'Charlie', 'Ünal'];
    expect(aggregatePresence([snapshotOf(visitors)]).usernames).toEqual(expected);
    expect(aggregatePresence([snapshotOf([...visitors].reverse())]).usernames).toEqual(expected);
  });

  it('answers zeros when nobody is connected', () => {
    expect(aggregatePresence([])).toMatchObject({ stats: { usersOnline: 0, guestsOnline: 0, botsOnline: 0, usernames: [] }, usernames: [] });
  });

  it('tells a newcomer counts that already hold it, before the recount', () => {
    const empty = aggregatePresence([]);
    expect(withVisitor(empty, { kind: 'user', key: 'u1', username: 'Алиса' })).toEqual({
      usersOnline: 1,
      guestsOnline: 0,
      botsOnline: 0,
      usernames: ['Алиса'],
    });
    expect(withVisitor(empty, { kind: 'guest', key: 'g1', username: null })).toMatchObject({ usersOnline: 0, guestsOnline: 1 });
    expect(withVisitor(empty, { kind: 'bot', key: 'b1', username: null })).toMatchObject({ botsOnline: 1 });

    const counted = aggregatePresence([
      snapshotOf([
        { kind: 'user', key: 'u1', username: 'Алиса' },
        { kind: 'guest', key: 'g1', username: null },
      ]),
    ]);
    // Already counted (another tab, another replica): the same counts.
    expect(withVisitor(counted, { kind: 'user', key: 'u1', username: 'Алиса' })).toBe(counted.stats);
    expect(withVisitor(counted, { kind: 'guest', key: 'g1', username: null })).toBe(counted.stats);
    // A second user is put in its place in the list, which stays at 20 names.
    expect(withVisitor(counted, { kind: 'user', key: 'u0', username: 'Аня' }).usernames).toEqual(['Алиса', 'Аня']);
    const crowd = aggregatePresence([
      snapshotOf(Array.from({ length: 25 }, (_, index) => ({ kind: 'user' as const, key: `u${index}`, username: `user${String(index).padStart(2, '0')}` }))),
    ]);
    const early = withVisitor(crowd, { kind: 'user', key: 'new', username: 'aaa' });
    expect(early.usersOnline).toBe(26);
    expect(early.usernames).toHaveLength(20);
    expect(early.usernames.slice(0, 2)).toEqual(['aaa', 'user00']);
    const late = withVisitor(crowd, { kind: 'user', key: 'new', username: 'zzz' });
    expect(late).toMatchObject({ usersOnline: 26, usernames: crowd.stats.usernames });
  });
});
