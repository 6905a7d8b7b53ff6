import type { RouletteInfo, RouletteSpin } from '@portal/contracts';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { type CardsStack, startCardsStack } from './cards-test-kit';
import { account, fund } from './economy-test-kit';

/** The roulette (docs/rewards.md, «Roulette»): REWARDS_SPIN_COST 100 (the default). */
describe('the roulette', () => {
  let stack: CardsStack;
  const auth = (user: RegisteredUser) => ({ token: user.token });
  const spin = (user: RegisteredUser, body: unknown = {}) =>
    stack.api.post<{ data: RouletteSpin; message?: string; code?: string; success: boolean }>('/api/user/spin-roulette', body, auth(user));
  /** What a spin may change, for «nothing changed». */
  const trail = async (userId: string) => {
    const [row] = await stack.db.query(
      `SELECT (SELECT count(*)::int FROM rewards.spins WHERE user_id = $1) AS spins,
              (SELECT count(*)::int FROM rewards.point_entries WHERE user_id = $1) AS entries,
              (SELECT count(*)::int FROM rewards.card_grants WHERE user_id = $1 AND source = 'roulette') AS grants,
              (SELECT coalesce(sum(count), 0)::int FROM rewards.user_cards WHERE user_id = $1) AS cards`,
      [userId],
    );
    return { ...row, ...(await account(stack.db, userId)) };
  };
  /** A user whose registration card has been granted (so the counts below move only by spins). */
  const user = async () => {
    const registered = await stack.user();
    await waitFor(
      async () => ((await stack.db.query('SELECT 1 FROM rewards.card_grants WHERE key = $1', [`registration:${registered.id}`])).length > 0 ? true : null),
      15_000,
      50,
    );
    return registered;
  };

  beforeAll(async () => {
    stack = await startCardsStack('roulette');
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('lets 50 parallel spins with points for exactly 10 succeed exactly 10 times, leaving the balance at 0', async () => {
    const spinner = await user();
    await fund(stack.db, spinner.id, 1000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => spin(spinner)));
    const won = answers.filter((res) => res.status === 200);
    const refused = answers.filter((res) => res.status === 400);
    expect(won).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const res of refused) {
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe('Недостаточно очков: нужно 100');
    }
    expect(new Set(won.map((res) => res.body.data.spinId)).size).toBe(10);
    expect(Math.min(...won.map((res) => res.body.data.balance))).toBe(0);
    const after = await trail(spinner.id);
    expect(after).toMatchObject({ balance: 0, xp: 1000, spins: 10, grants: 10, cards: 11 });
    const [{ spent }] = await stack.db.query(`SELECT sum(amount)::int AS spent FROM rewards.point_entries WHERE user_id = $1 AND kind = 'roulette.spin'`, [
      spinner.id,
    ]);
    expect(spent).toBe(-1000);
  }, 60_000);

  it('ignores a forged cost and result: the server charges its price and draws the card', async () => {
    const spinner = await user();
    await fund(stack.db, spinner.id, 100);
    const cards = (await stack.api.get('/api/cards')).body.data.cards as Array<{ id: string; rarity: string }>;
    const forged = cards.find((card) => card.rarity === 'legendary') ?? cards[0];
    const res = await spin(spinner, { cost: 1, result: forged.id });
    expect(res.status).toBe(200);
    expect(res.body.data.cost).toBe(100);
    expect(res.body.data.balance).toBe(0);
    expect(res.body.data.reward.source).toBe('roulette');
    expect((await account(stack.db, spinner.id)).balance).toBe(0);
    // A forged result that names a card does not choose it: the next spin (no points left) is refused.
    const again = await spin(spinner, { cost: 0, result: { card: forged } });
    expect(again.status).toBe(400);
  });

  it('refuses a spin without enough points with a Russian message and changes nothing', async () => {
    const spinner = await user();
    await fund(stack.db, spinner.id, 99);
    const before = await trail(spinner.id);
    const res = await spin(spinner);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'Недостаточно очков: нужно 100' });
    expect(await trail(spinner.id)).toEqual(before);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await stack.api.get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs.json')).body;
    expect(Object.keys(doc.paths['/api/user/spin-roulette'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/user/roulette'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/users/me/points'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/users/me/achievements'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/users/profile/{username}/achievements'])).toEqual(['get']);
  });

  it('is for signed-in users only', async () => {
    expect((await stack.api.post('/api/user/spin-roulette', {})).status).toBe(401);
    expect((await stack.api.get('/api/user/roulette')).status).toBe(401);
    expect((await stack.api.get('/api/users/me/points')).status).toBe(401);
  });

  it('shows the price, the odds by rarity, the balance and the recent spins', async () => {
    const spinner = await user();
    await fund(stack.db, spinner.id, 250);
    expect((await spin(spinner)).status).toBe(200);
    const info = (await stack.api.get<{ data: RouletteInfo }>('/api/user/roulette', auth(spinner))).body.data;
    expect(info.cost).toBe(100);
    expect(info.balance).toBe(150);
    expect(info.odds.length).toBeGreaterThan(0);
    expect(info.odds.reduce((sum, odd) => sum + odd.share, 0)).toBeCloseTo(1, 2);
    expect(info.recent).toHaveLength(1);
    expect(info.recent[0].cardTitle).not.toBe('');
  });

  it('lists the points history newest first, a page at a time', async () => {
    const spinner = await user();
    await fund(stack.db, spinner.id, 2500);
    for (let index = 0; index < 22; index++)
      await stack.db.query(`INSERT INTO rewards.point_entries (user_id, kind, amount, key) VALUES ($1, 'quiz.success', 15, $2)`, [
        spinner.id,
        `test:${spinner.id}:${index}`,
      ]);
    expect((await spin(spinner)).status).toBe(200);
    const first = (await stack.api.get('/api/users/me/points', auth(spinner))).body.data;
    expect(first).toMatchObject({ balance: 2400, xp: 2500, rank: 'отаку', nextRank: { name: 'сэнпай', minXp: 3000 } });
    expect(first.history).toHaveLength(20);
    expect(first.history[0]).toMatchObject({ kind: 'roulette.spin', amount: -100 });
    const second = (await stack.api.get(`/api/users/me/points?cursor=${encodeURIComponent(first.nextCursor)}`, auth(spinner))).body.data;
    expect(second.history).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.history, ...second.history].map((entry: { id: string }) => entry.id);
    expect(new Set(ids).size).toBe(23);
    const bad = await stack.api.get('/api/users/me/points?cursor=nope', auth(spinner));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Некорректный курсор истории очков');
  });
});
