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
    expect(aggregatePresence([a, b])).toEqual({ usersOnline: 2, guestsOnline: 2, botsOnline: 1, usernames: ['Алиса', 'Борис'] });
  });

  it('lists at most 20 names, alphabetically', () => {
    const users = Array.from({ length: 25 }, (_, index) => ({ kind: 'user' as const, key: `u${index}`, username: `user${String(index).padStart(2, '0')}` }));
    const stats = aggregatePresence([snapshotOf(users)]);
    expect(stats.usersOnline).toBe(25);
    expect(stats.usernames).toHaveLength(20);
    expect(stats.usernames[0]).toBe('user00');
  });

  it('answers zeros when nobody is connected', () => {
    expect(aggregatePresence([])).toEqual({ usersOnline: 0, guestsOnline: 0, botsOnline: 0, usernames: [] });
  });
});
