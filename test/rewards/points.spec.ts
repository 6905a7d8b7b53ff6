import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { NOTIFICATIONS_NAMESPACE, type RankChanged } from '@portal/contracts';
import { waitFor } from '@portal/testing';
import { PointsLedger, type PointsEarning } from '../../apps/rewards/src/points/points-ledger';
import { connected, record, socketClients } from '../support/socket-clients';
import { type CardsStack, startCardsStack } from './cards-test-kit';
import { account, fund, rewardsEvents } from './economy-test-kit';

/** The points ledger and the ranks (docs/rewards.md, «Points and ranks»). */
describe('points and ranks', () => {
  let stack: CardsStack;
  const sockets = socketClients();
  const earn = (entry: PointsEarning) => stack.rewards.app.get(DataSource).transaction((manager) => stack.rewards.app.get(PointsLedger).earn(manager, entry));

  beforeAll(async () => {
    stack = await startCardsStack('points');
  }, 120_000);

  afterAll(async () => {
    sockets.closeAll();
    await stack?.close();
  });

  it('credits a key once, to both the balance and the XP', async () => {
    const user = await stack.user();
    expect(await earn({ userId: user.id, kind: 'review.approved', key: `review:${user.id}` })).toBe(30);
    expect(await earn({ userId: user.id, kind: 'review.approved', key: `review:${user.id}` })).toBe(0);
    expect(await account(stack.db, user.id)).toEqual({ balance: 30, xp: 30 });
    const entries = await stack.db.query('SELECT kind, amount FROM rewards.point_entries WHERE user_id = $1', [user.id]);
    expect(entries).toEqual([{ kind: 'review.approved', amount: 30 }]);
  });

  it('holds the daily cap of each kind, and credits only what is left under it', async () => {
    const user = await stack.user();
    const credited = await Promise.all(
      Array.from({ length: 30 }, (_, index) => earn({ userId: user.id, kind: 'comment.liked', key: `like:${user.id}:${index}` })),
    );
    // 25 likes a day at 2 points: 50 points, whatever the order the concurrent credits took.
    expect(credited.reduce((sum, points) => sum + points, 0)).toBe(50);
    expect(credited.filter((points) => points === 2)).toHaveLength(25);
    // Another kind has its own cap; a partial credit fills the cap exactly.
    expect(await earn({ userId: user.id, kind: 'quiz.success', key: `quiz:a:${user.id}`, amount: 70 })).toBe(70);
    expect(await earn({ userId: user.id, kind: 'quiz.success', key: `quiz:b:${user.id}` })).toBe(5);
    expect(await earn({ userId: user.id, kind: 'quiz.success', key: `quiz:c:${user.id}` })).toBe(0);
    expect(await account(stack.db, user.id)).toEqual({ balance: 125, xp: 125 });
    // Yesterday's credits do not count towards today's cap.
    await stack.db.query(`UPDATE rewards.point_entries SET created_at = now() - interval '1 day' WHERE user_id = $1 AND kind = 'comment.liked'`, [user.id]);
    expect(await earn({ userId: user.id, kind: 'comment.liked', key: `like:${user.id}:next-day` })).toBe(2);
  });

  it('spends on the roulette without lowering the XP', async () => {
    const user = await stack.user();
    await fund(stack.db, user.id, 100, 100);
    expect((await stack.api.post('/api/user/spin-roulette', {}, { token: user.token })).status).toBe(200);
    expect(await account(stack.db, user.id)).toEqual({ balance: 0, xp: 100 });
  });

  it('tells auth and the user’s open tabs when the XP crosses a rank step', async () => {
    const user = await stack.user();
    await fund(stack.db, user.id, 95, 95);
    const socket: Socket = sockets.open(stack.gateway.url, NOTIFICATIONS_NAMESPACE, { token: user.token });
    await connected(socket);
    const pushes = record<RankChanged>(socket, 'reward:rank');
    // The room is joined as the connection is handled: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await earn({ userId: user.id, kind: 'quiz.success', key: `quiz:rank:${user.id}` })).toBe(15);
    await waitFor(async () => (pushes.length > 0 ? true : null), 15_000, 50);
    expect(pushes).toEqual([{ rank: 'зритель', previousRank: 'новичок', xp: 110 }]);
    await waitFor(async () => ((await stack.db.query('SELECT rank FROM auth.users WHERE id = $1', [user.id]))[0].rank === 'зритель' ? true : null), 15_000, 50);
    const verified = await stack.api.get('/api/auth/verify', { token: user.token });
    expect(verified.body.data.user?.rank ?? verified.body.data.rank).toBe('зритель');
    // Points within the step change nothing; the rank never goes back down.
    expect(await earn({ userId: user.id, kind: 'quiz.success', key: `quiz:rank2:${user.id}` })).toBe(15);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(pushes).toHaveLength(1);
    const [{ count }] = await stack.db.query(
      `SELECT count(*)::int AS count FROM rewards.outbox WHERE event_name = 'rewards.rank.changed' AND payload->>'userId' = $1`,
      [user.id],
    );
    expect(count).toBe(1);
  });

  it('keeps the higher rank in auth when a rank change arrives late', async () => {
    const user = await stack.user();
    const auth = rewardsEvents(stack.env, 'auth');
    try {
      const change = (rank: string, previousRank: string, xp: number) => auth.payload('rewards.rank.changed', { userId: user.id, rank, previousRank, xp });
      expect(await auth.deliver('rewards.rank.changed', change('любитель', 'зритель', 300))).toBe('completed');
      expect(await auth.deliver('rewards.rank.changed', change('зритель', 'новичок', 100))).toBe('completed');
      expect((await stack.db.query('SELECT rank FROM auth.users WHERE id = $1', [user.id]))[0].rank).toBe('любитель');
      const [{ count }] = await stack.db.query(
        `SELECT count(*)::int AS count FROM auth.outbox WHERE event_name = 'auth.user.updated' AND payload->>'userId' = $1`,
        [user.id],
      );
      expect(count).toBe(1);
    } finally {
      await auth.close();
    }
  });

  it('lists the rank ladder at /api/ranks', async () => {
    const ranks = (await stack.api.get('/api/ranks')).body.data.ranks as Array<{ name: string; minXp: number }>;
    expect(ranks[0]).toMatchObject({ name: 'новичок', minXp: 0 });
    expect(ranks.map((rank) => rank.name)).toContain('сэнпай');
  });
});
