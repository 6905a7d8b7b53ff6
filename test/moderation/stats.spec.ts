import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { EVENT_QUEUE_OF, QueueName, STATS_MESSAGES, statsDayOf, type SiteStats, type StatsMetric } from '@portal/contracts';
import { bullPrefix } from '@portal/messaging';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { DEATH_NOTE } from '../community/community-test-kit';
import { auth, type ModerationStack, startModerationStack } from './moderation-test-kit';

/**
 * The site statistics (docs/moderation.md, «Statistics») through the gateway: daily counters fed by
 * the services' events and the moderation's own writes, active users from the gateway, queues live.
 */
describe('site statistics', () => {
  let stack: ModerationStack;
  let admin: RegisteredUser;

  const stats = async (days?: number): Promise<SiteStats> => {
    const res = await stack.api.get(`/api/admin/stats${days ? `?days=${days}` : ''}`, auth(admin));
    if (res.status !== 200) throw new Error(`GET /api/admin/stats → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const today = async (): Promise<Record<StatsMetric, number>> => {
    const { series } = await stats();
    const last = series[series.length - 1];
    expect(last.day).toBe(statsDayOf(new Date()));
    return last;
  };
  /** Waits until every named counter of today grew by at least the given amount over `before`. */
  const grown = (before: Record<StatsMetric, number>, by: Partial<Record<StatsMetric, number>>) =>
    waitFor(async () => {
      const now = await today();
      return Object.entries(by).every(([metric, amount]) => now[metric as StatsMetric] - before[metric as StatsMetric] >= amount!) ? now : undefined;
    });

  beforeAll(async () => {
    stack = await startModerationStack('stats');
    admin = await stack.admin();
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('is for admins only: a guest 401, a user 403', async () => {
    const user = await stack.user();
    expect((await stack.api.get('/api/admin/stats')).status).toBe(401);
    expect((await stack.api.get('/api/admin/stats', auth(user))).status).toBe(403);
    expect((await stack.api.get('/api/admin/stats', auth(admin))).status).toBe(200);
  });

  it('answers 7, 30 or 90 days ending today, oldest first, and refuses any other range in Russian', async () => {
    for (const days of [7, 30, 90] as const) {
      const { series, days: answered } = await stats(days);
      expect(answered).toBe(days);
      expect(series).toHaveLength(days);
      expect(series[days - 1].day).toBe(statsDayOf(new Date()));
      expect(series.map((entry) => entry.day)).toEqual([...series.map((entry) => entry.day)].sort());
    }
    expect((await stats()).days).toBe(7);
    for (const days of ['5', '365', 'week', '7.5']) {
      const res = await stack.api.get(`/api/admin/stats?days=${days}`, auth(admin));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, errors: [{ field: 'days', message: STATS_MESSAGES.days }] });
    }
  });

  it('counts registrations, active users, chat messages, comments, reviews and reports of today', async () => {
    const before = await today();
    const [author, reporter] = [await stack.user(), await stack.user()];
    const comment = await stack.api.post('/api/comments', { animeId: DEATH_NOTE.id, content: `Комментарий ${randomUUID()}` }, auth(author));
    expect(comment.status).toBe(201);
    const review = await stack.api.post(
      '/api/reviews',
      { animeId: DEATH_NOTE.id, title: 'Шедевр', text: 'Отличный сериал с продуманным сюжетом. '.repeat(17).trim(), score: 9 },
      auth(author),
    );
    expect(review.status).toBe(201);
    expect((await stack.api.post('/api/chat/messages', { message: 'Всем привет!' }, auth(author))).status).toBe(201);
    const report = await stack.api.post('/api/reports', { target: { type: 'comment', id: comment.body.data.id }, reason: 'spam' }, auth(reporter));
    expect(report.status).toBe(201);
    const [row] = await stack.db.query("SELECT id FROM moderation.report_cases WHERE target_id = $1 AND status = 'open'", [comment.body.data.id]);
    expect((await stack.api.put(`/api/admin/reports/${row.id}`, { action: 'reject' }, auth(admin))).status).toBe(200);
    const after = await grown(before, { registrations: 2, comments: 1, reviews: 1, chatMessages: 1, reportsOpened: 1, reportsResolved: 1 });
    // The report and the decision are counted in their own transactions: exactly once each.
    expect(after.reportsOpened - before.reportsOpened).toBe(1);
    expect(after.reportsResolved - before.reportsResolved).toBe(1);
    // The author, the reporter and the admin made requests today.
    expect(after.activeUsers).toBeGreaterThanOrEqual(3);
    const { totals, series } = await stats(7);
    expect(totals.comments).toBe(series.reduce((sum, entry) => sum + entry.comments, 0));
  });

  it('counts a redelivered event once', async () => {
    const user = await stack.user();
    const posted = await stack.api.post('/api/comments', { animeId: DEATH_NOTE.id, content: `Комментарий ${randomUUID()}` }, auth(user));
    const [event] = await stack.db.query(
      "SELECT id, payload FROM community.outbox WHERE event_name = 'community.comment.posted' AND payload->>'commentId' = $1",
      [posted.body.data.id],
    );
    await waitFor(async () => ((await stack.db.query('SELECT 1 FROM moderation.processed_events WHERE event_id = $1', [event.id])).length ? true : undefined));
    const before = await today();
    const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    const queue = new Queue(EVENT_QUEUE_OF.moderation, { connection, prefix: bullPrefix(stack.env.REDIS_KEY_PREFIX as string) });
    try {
      // The same event (same eventId) delivered once more under another job.
      const job = await queue.add('community.comment.posted', event.payload, { jobId: `again-${randomUUID()}` });
      const state = await waitFor(async () => {
        const current = await queue.getJobState(job.id as string);
        return current === 'completed' || current === 'failed' ? current : undefined;
      });
      expect(state).toBe('completed');
    } finally {
      await queue.close();
      connection.disconnect();
    }
    expect((await today()).comments).toBe(before.comments);
  });

  it('counts the episodes watched from community.episode.watched, once per event', async () => {
    const user = await stack.user();
    const before = await today();
    const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    const queue = new Queue(EVENT_QUEUE_OF.moderation, { connection, prefix: bullPrefix(stack.env.REDIS_KEY_PREFIX as string) });
    const watched = { eventId: randomUUID(), occurredAt: new Date().toISOString(), userId: user.id, animeId: DEATH_NOTE.id, episode: 1 };
    try {
      // What the community publishes when the player reports an episode watched; the second job is its redelivery.
      for (const jobId of [`watched-${randomUUID()}`, `watched-${randomUUID()}`]) {
        const job = await queue.add('community.episode.watched', watched, { jobId });
        await waitFor(async () => ((await queue.getJobState(job.id as string)) === 'completed' ? true : undefined));
      }
    } finally {
      await queue.close();
      connection.disconnect();
    }
    expect((await today()).episodesWatched - before.episodesWatched).toBe(1);
  });

  it('shows every job queue with its waiting, active, delayed and failed jobs', async () => {
    const { queues } = await stats();
    expect(queues.map((queue) => queue.name).sort()).toEqual(Object.values(QueueName).sort());
    for (const queue of queues)
      expect(queue).toEqual({
        name: queue.name,
        waiting: expect.any(Number),
        active: expect.any(Number),
        delayed: expect.any(Number),
        failed: expect.any(Number),
      });
  });
});
