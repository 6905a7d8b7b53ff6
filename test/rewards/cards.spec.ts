import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CardCollection, CardGranted, CardItem, CardOwners } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { waitFor } from '@portal/testing';
import { CardGrants, drawByWeight } from '../../apps/rewards/src/cards/card-grants.service';
import { CardGrantsWorker } from '../../apps/rewards/src/cards/card-grants.worker';
import { CardSeeds } from '../../apps/rewards/src/cards/files/card-seeds';
import { findFfmpeg } from '@portal/platform';
import { CardPusher } from '../../apps/rewards/src/cards/card-pusher';
import { PointsLedger } from '../../apps/rewards/src/points/points-ledger';
import { ownRedisPrefix, register, STRONG_PASSWORD, uniqueEmail, uniqueName, type RegisteredUser } from '../auth/auth-test-kit';
import { connected, record, socketClients } from '../support/socket-clients';
import { type CardsStack, startCardsStack } from './cards-test-kit';

const ROOT = join(__dirname, '../..');
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function rawGet(url: string, path: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

function cardForm(fields: Record<string, string>, file?: { content: Buffer; name: string; type: string }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.content], { type: file.type }), file.name);
  return form;
}

describe('collectible cards (#18)', () => {
  let stack: CardsStack;
  let dataSource: DataSource;
  let grants: CardGrants;
  let admin: RegisteredUser;
  let user: RegisteredUser;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    stack = await startCardsStack('cards');
    dataSource = stack.rewards.app.get<DataSource>(getDataSourceToken());
    grants = stack.rewards.app.get(CardGrants);
    [admin, user] = await Promise.all([stack.admin(), stack.user()]);
  }, 60000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stack?.close();
  });

  const catalogue = async () => (await stack.api.get('/api/cards')).body.data.cards as CardItem[];
  const grantRows = (key: string) => stack.db.query<{ id: string; card_id: string }>('SELECT id, card_id FROM rewards.card_grants WHERE key = $1', [key]);
  const owned = (userId: string) =>
    stack.db.query<{ card_id: string; count: number }>('SELECT card_id, count FROM rewards.user_cards WHERE user_id = $1', [userId]);

  describe('the seeded catalogue and its files', () => {
    it('seeds the project-made SVG cards once, every rarity, and serves them long-cached with a CSP that forbids script', async () => {
      const cards = await catalogue();
      expect(cards.length).toBeGreaterThanOrEqual(16);
      expect(new Set(cards.map((card) => card.rarity))).toEqual(new Set(['common', 'rare', 'epic', 'legendary']));
      const seeds = await stack.db.query('SELECT seed FROM rewards.card_seeds');
      expect(seeds.length).toBe(16);
      const res = await fetch(new URL(`/api/cards/${cards[0].file}`, stack.gateway.url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
      const svg = await res.text();
      expect(svg).toContain('<svg');
      expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    });

    (findFfmpeg() ? it : it.skip)(
      'makes the animated WebM cards with ffmpeg once, served as video/webm',
      async () => {
        const seeds = stack.rewards.app.get(CardSeeds);
        expect(await seeds.seedVideos()).toBe(3);
        expect(await seeds.seedVideos()).toBe(0);
        const videos = (await catalogue()).filter((card) => card.file.endsWith('.webm'));
        expect(videos).toHaveLength(3);
        const res = await fetch(new URL(`/api/cards/${videos[0].file}`, stack.gateway.url));
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('video/webm');
        expect(Buffer.from(await res.arrayBuffer()).readUInt32BE(0)).toBe(0x1a45dfa3);
      },
      60000,
    );

    it('serves nothing but a card file name: paths out of the folder are 400/404', async () => {
      for (const path of [
        '/api/cards/../../package.json',
        '/api/cards/..%2F..%2Fpackage.json',
        '/api/cards/%2e%2e%2f%2e%2e%2fpackage.json',
        '/api/cards/.hidden.svg',
        '/api/cards/nope.exe',
        '/api/cards/missing-0000.svg',
      ]) {
        expect([400, 404]).toContain(await rawGet(stack.gateway.url, path));
      }
    });
  });

  describe('grants, exactly once', () => {
    it('twenty concurrent grants with one key store one grant and all answer it', async () => {
      const key = `test:concurrent:${randomUUID()}`;
      const results = await Promise.all(
        Array.from({ length: 20 }, () => dataSource.transaction((manager) => grants.grantInTransaction(manager, { key, userId: user.id, source: 'admin' }))),
      );
      expect(new Set(results.map((grant) => grant.grantId)).size).toBe(1);
      expect(await grantRows(key)).toHaveLength(1);
      // One copy added for the key (the registration card may be the same card): copies = grants of that card.
      const [{ copies, granted }] = await stack.db.query<{ copies: number; granted: number }>(
        `SELECT (SELECT count FROM rewards.user_cards WHERE user_id = $1 AND card_id = $2) AS copies,
                (SELECT count(*)::int FROM rewards.card_grants WHERE user_id = $1 AND card_id = $2) AS granted`,
        [user.id, results[0].card.id],
      );
      expect(copies).toBe(granted);
    });

    it('the same key requested twice is granted once and pushed to the user over /notifications', async () => {
      const sockets = socketClients();
      try {
        const socket = sockets.open(stack.gateway.url, '/notifications', { token: user.token });
        const pushed = record<CardGranted>(socket, 'reward:card');
        await connected(socket);
        const key = `test:twice:${randomUUID()}`;
        await grants.request({ key, userId: user.id, source: 'admin' });
        await grants.request({ key, userId: user.id, source: 'admin' });
        const [row] = await waitFor(async () => ((await grantRows(key)).length ? grantRows(key) : null), 15000);
        await waitFor(async () => pushed.find((grant) => grant.grantId === row.id), 10000);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(await grantRows(key)).toHaveLength(1);
      } finally {
        sockets.closeAll();
      }
    });

    it.each(['before-commit', 'after-commit'])(
      'a worker killed with SIGKILL %s: exactly one grant after another worker takes the job over',
      async (hold) => {
        // A queue prefix of its own, so the service's worker does not take the job.
        const env: NodeJS.ProcessEnv = { ...process.env, ...stack.env, ...ownRedisPrefix('cardkill'), CARD_WORKER_HOLD: hold };
        const options = { url: env.REDIS_URL as string, keyPrefix: env.REDIS_KEY_PREFIX as string };
        const producer = new CardGrants(options, stack.rewards.app.get(PointsLedger));
        const key = `test:crash:${hold}:${randomUUID()}`;
        const victim = await stack.user();
        const child = spawn(process.execPath, ['-r', join(__dirname, 'support/swc-register.cjs'), join(__dirname, 'support/card-grant-worker.child.ts')], {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        children.push(child);
        let output = '';
        child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        await waitFor(async () => output.includes('READY'), 30000);
        await producer.request({ key, userId: victim.id, source: 'admin' });
        await waitFor(async () => output.includes('HOLDING'), 15000);
        expect(await grantRows(key)).toHaveLength(hold === 'before-commit' ? 0 : 1);
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;

        const redis = stack.rewards.app.get<import('ioredis').default>((await import('@portal/messaging')).REDIS);
        const rescuer = new CardGrantsWorker(dataSource, grants, new CardPusher(redis, options), options, redis);
        rescuer.start({ lockDuration: 2000, stalledInterval: 1000 });
        try {
          const job = await waitFor(
            async () => {
              const state = await producer['queue']().getJobState(key.replace(/%/g, '%25').replace(/:/g, '%3A'));
              return state === 'completed' ? state : null;
            },
            20000,
            200,
          );
          expect(job).toBe('completed');
        } finally {
          await rescuer.beforeApplicationShutdown();
          await producer.onApplicationShutdown();
        }
        expect(await grantRows(key)).toHaveLength(1);
        // Every copy owned is one grant (the registration card may be among them): read in one snapshot.
        const [{ copies, granted }] = await stack.db.query<{ copies: number; granted: number }>(
          `SELECT (SELECT coalesce(sum(count), 0)::int FROM rewards.user_cards WHERE user_id = $1) AS copies,
                (SELECT count(*)::int FROM rewards.card_grants WHERE user_id = $1) AS granted`,
          [victim.id],
        );
        expect(copies).toBe(granted);
        const [mine] = await grantRows(key);
        expect((await owned(victim.id)).some((card) => card.card_id === mine.card_id)).toBe(true);
      },
      90000,
    );

    it('rewards.grant.await answers a grant as soon as it is stored, nulls after the wait, and a grant older than `since` as none', async () => {
      const rpc = stack.gateway.app.get(RpcClient);
      const meta = { requestId: randomUUID() };
      const key = `test:await:${randomUUID()}`;
      const started = Date.now();
      expect(await rpc.send('rewards.grant.await', { key, waitMs: 300 }, meta)).toEqual({ cardReward: null, cardGrantId: null });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      const waiting = rpc.send('rewards.grant.await', { key, waitMs: 2000 }, meta);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await grants.request({ key, userId: user.id, source: 'admin' });
      const answer = await waiting;
      const [row] = await grantRows(key);
      expect(answer.cardGrantId).toBe(row.id);
      expect(answer.cardReward).toMatch(/\.(svg|png|webm)$/);
      // The day's list card of an earlier update: none for this answer.
      expect(await rpc.send('rewards.grant.await', { key, waitMs: 2000, since: new Date(Date.now() + 5000).toISOString() }, meta)).toEqual({
        cardReward: null,
        cardGrantId: null,
      });
      const invalid = await rpc.send('rewards.grant.await', { key, waitMs: 99999 }, meta).catch((error: unknown) => error);
      expect((invalid as { payload: { code: string } }).payload.code).toBe('VALIDATION_FAILED');
    });

    it('draws by weight with crypto randomness (loose statistical bound)', () => {
      const cards = [
        { id: 'a', weight: 1 },
        { id: 'b', weight: 3 },
        { id: 'c', weight: 6 },
      ];
      const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
      const draws = 20000;
      for (let i = 0; i < draws; i += 1) counts[drawByWeight(cards).id] += 1;
      expect(counts.a / draws).toBeGreaterThan(0.07);
      expect(counts.a / draws).toBeLessThan(0.13);
      expect(counts.b / draws).toBeGreaterThan(0.26);
      expect(counts.b / draws).toBeLessThan(0.34);
      expect(counts.c / draws).toBeGreaterThan(0.56);
      expect(counts.c / draws).toBeLessThan(0.64);
    });
  });

  describe('the admin', () => {
    it('guests get 401 and users 403 on every admin route; nothing changes', async () => {
      const before = await catalogue();
      const id = before[0].id;
      const form = () => cardForm({ title: 'Тест', rarity: 'common', weight: '10' }, { content: PNG, name: 'a.png', type: 'image/png' });
      expect((await stack.api.post('/api/admin/cards', form())).status).toBe(401);
      expect((await stack.api.post('/api/admin/cards', form(), { token: user.token })).status).toBe(403);
      expect((await stack.api.put(`/api/admin/cards/${id}`, { title: 'Взлом' })).status).toBe(401);
      expect((await stack.api.put(`/api/admin/cards/${id}`, { title: 'Взлом' }, { token: user.token })).status).toBe(403);
      expect((await stack.api.delete(`/api/admin/cards/${id}`)).status).toBe(401);
      const refused = await stack.api.delete(`/api/admin/cards/${id}`, { token: user.token });
      expect(refused.status).toBe(403);
      expect(refused.body.success).toBe(false);
      expect(await catalogue()).toEqual(before);
    });

    it('refuses bad input in the envelope with a Russian message, storing nothing', async () => {
      const before = await catalogue();
      const cases: Array<[FormData, string]> = [
        [cardForm({ title: 'Без файла', rarity: 'common', weight: '10' }), 'file'],
        [cardForm({ title: 'Редкость', rarity: 'mythic', weight: '10' }, { content: PNG, name: 'a.png', type: 'image/png' }), 'rarity'],
        [cardForm({ title: 'Вес', rarity: 'rare', weight: '0' }, { content: PNG, name: 'a.png', type: 'image/png' }), 'weight'],
        [cardForm({ title: '', rarity: 'rare', weight: '5' }, { content: PNG, name: 'a.png', type: 'image/png' }), 'title'],
        [
          cardForm(
            { title: 'SVG', rarity: 'rare', weight: '5' },
            { content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'a.svg', type: 'image/svg+xml' },
          ),
          'file',
        ],
        [
          cardForm({ title: 'Текст', rarity: 'rare', weight: '5' }, { content: Buffer.from('просто текст, не картинка'), name: 'a.png', type: 'image/png' }),
          'file',
        ],
      ];
      for (const [form, field] of cases) {
        const res = await stack.api.post('/api/admin/cards', form, { token: admin.token });
        expect(res.status).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toMatch(/[а-яё]/i);
        expect(res.body.errors.map((error: { field: string }) => error.field)).toContain(field);
      }
      const badPut = await stack.api.put(`/api/admin/cards/${before[0].id}`, { weight: -1 }, { token: admin.token });
      expect(badPut.status).toBe(400);
      expect(badPut.body.message).toMatch(/[а-яё]/i);
      expect((await stack.api.put(`/api/admin/cards/${before[0].id}`, {}, { token: admin.token })).status).toBe(400);
      expect((await stack.api.put(`/api/admin/cards/not-a-uuid`, { title: 'x' }, { token: admin.token })).status).toBe(400);
      expect((await stack.api.delete(`/api/admin/cards/${randomUUID()}`, { token: admin.token })).status).toBe(404);
      expect(await catalogue()).toEqual(before);
    });

    it('adds an uploaded card, edits it, retires it: a retired card is never drawn and stays in the collections that have it', async () => {
      // The owner first: their registration card (the economy's listener) is drawn before this card exists.
      const owner = await stack.user();
      const created = await stack.api.post(
        '/api/admin/cards',
        cardForm(
          { title: 'Пиксель', description: 'Самая маленькая карточка.', rarity: 'legendary', weight: '1' },
          { content: PNG, name: 'pixel.png', type: 'image/png' },
        ),
        { token: admin.token },
      );
      expect(created.status).toBe(201);
      const card = created.body.data as CardItem;
      expect(card).toMatchObject({ title: 'Пиксель', rarity: 'legendary', weight: 1, retired: false });
      expect(card.file).toMatch(/^[0-9a-f]{32}\.png$/);
      const file = await fetch(new URL(`/api/cards/${card.file}`, stack.gateway.url));
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
      const sameFile = await stack.api.post(
        '/api/admin/cards',
        cardForm({ title: 'Пиксель-2', rarity: 'common', weight: '5' }, { content: PNG, name: 'same.png', type: 'image/png' }),
        { token: admin.token },
      );
      expect(sameFile.status).toBe(409);
      expect(sameFile.body.message).toBe('Карточка с таким файлом уже есть');

      const edited = await stack.api.put(`/api/admin/cards/${card.id}`, { title: 'Пиксель+', weight: 2 }, { token: admin.token });
      expect(edited.body.data).toMatchObject({ id: card.id, title: 'Пиксель+', weight: 2, rarity: 'legendary' });

      await dataSource.transaction((manager) =>
        grants.grantInTransaction(manager, { key: `test:gift:${owner.id}`, userId: owner.id, source: 'admin', cardId: card.id }),
      );
      const retired = await stack.api.delete(`/api/admin/cards/${card.id}`, { token: admin.token });
      expect(retired.status).toBe(200);
      expect(retired.body.data.retired).toBe(true);
      expect((await catalogue()).map((item) => item.id)).not.toContain(card.id);

      const drawn = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          dataSource.transaction((manager) => grants.grantInTransaction(manager, { key: `test:retired:${card.id}:${i}`, userId: owner.id, source: 'admin' })),
        ),
      );
      expect(drawn.map((grant) => grant.card.id)).not.toContain(card.id);
      // 60 draws among fewer than 20 cards: duplicates, each turned into its rarity's points once.
      const duplicates = drawn.filter((grant) => grant.duplicate);
      expect(duplicates.length).toBeGreaterThan(0);
      expect(duplicates.every((grant) => grant.points > 0)).toBe(true);
      const [{ total }] = await stack.db.query<{ total: number }>(
        "SELECT coalesce(sum(amount), 0)::int AS total FROM rewards.point_entries WHERE user_id = $1 AND kind = 'card.duplicate'",
        [owner.id],
      );
      expect(total).toBe(duplicates.reduce((sum, grant) => sum + grant.points, 0));
      const again = await dataSource.transaction((manager) =>
        grants.grantInTransaction(manager, { key: `test:retired:${card.id}:0`, userId: owner.id, source: 'admin' }),
      );
      expect(again).toEqual(drawn[0]);

      const collection = (await stack.api.get(`/api/users/profile/${owner.username}/cards`)).body.data as CardCollection;
      expect(collection.owned.map((item) => item.card.id)).toContain(card.id);
      expect(collection.cards.map((item) => item.id)).toContain(card.id);
      expect(collection.collected).toBe(collection.owned.length);
      expect(collection.total).toBe(collection.cards.length);
      const mine = await stack.api.get('/api/users/me/cards', { token: owner.token });
      expect(mine.body.data).toEqual(collection);
      expect((await stack.api.get('/api/users/me/cards')).status).toBe(401);
      expect((await stack.api.get('/api/users/profile/nobody_here_123/cards')).status).toBe(404);

      // Each change audited with its admin, before and after (the moderation's audit log).
      const audited = await waitFor(async () => {
        const log = await stack.api.get('/api/admin/audit-log?limit=100', { token: admin.token });
        const entries = (
          log.body.data as Array<{
            eventName: string;
            actorId: string;
            details: { cardId: string; action: string; before: { weight: number } | null; after: { weight: number; retired: boolean } };
          }>
        ).filter((entry) => entry.eventName === 'rewards.card.changed' && entry.details.cardId === card.id);
        return entries.length === 3 ? entries : null;
      }, 15000);
      expect(audited.map((entry) => entry.details.action).sort()).toEqual(['created', 'retired', 'updated']);
      expect(audited.every((entry) => entry.actorId === admin.id)).toBe(true);
      const update = audited.find((entry) => entry.details.action === 'updated')!;
      expect([update.details.before?.weight, update.details.after.weight]).toEqual([1, 2]);
      expect(audited.find((entry) => entry.details.action === 'retired')!.details.after.retired).toBe(true);

      const owners = (await stack.api.get(`/api/cards/${card.id}/owners`)).body.data as CardOwners;
      expect(owners.ownersCount).toBe(1);
      expect(owners.owners).toEqual([{ username: owner.username, avatar: null, count: 1 }]);
    });
  });

  it('the registration answer carries the card the rewards service grants for it (cardReward, cardGrantId)', async () => {
    const username = uniqueName('cardreg');
    // The economy's auth.user.registered listener asks for this grant; here the test asks as soon as the account exists.
    const listener = waitFor(
      async () => {
        const [row] = await stack.db.query<{ id: string }>('SELECT id FROM auth.users WHERE username = $1', [username]);
        return row;
      },
      10000,
      20,
    ).then((row) => grants.request({ key: `registration:${row.id}`, userId: row.id, source: 'registration' }));
    const res = await register(stack.api, { username, email: uniqueEmail('cardreg'), password: STRONG_PASSWORD });
    await listener;
    expect(res.status).toBe(201);
    const [grant] = await grantRows(`registration:${res.body.data.user.id}`);
    expect(res.body.data.cardGrantId).toBe(grant.id);
    const [card] = await stack.db.query<{ file: string }>('SELECT file FROM rewards.cards WHERE id = $1', [grant.card_id]);
    expect(res.body.data.cardReward).toBe(card.file);
  });
});
