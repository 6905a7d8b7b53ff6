import { aggregatePresence, snapshotOf } from './presence';

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
    expect(aggregatePresence([])).toEqual({ stats: { usersOnline: 0, guestsOnline: 0, botsOnline: 0, usernames: [] }, usernames: [] });
  });
});
