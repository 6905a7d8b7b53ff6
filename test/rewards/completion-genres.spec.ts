import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@portal/testing';
import { type CommunityStack, startCommunityStack } from '../community/community-test-kit';
import { type RunningApp, startRewardsService } from '../support/test-apps';
import { rewardsEvents } from './economy-test-kit';

/**
 * Issue #30: a viewer who completed a title and rated it right away got 503 after 5 s on the embedded
 * database: the rewards listener asked the catalogue for the title's genres while its transaction was
 * open, and the catalogue's answer waited behind that very transaction. The lookup now runs before the
 * transaction (EventConsumer's `prepare`); inside one, the guard refuses it (test/infra/transaction-guard.spec.ts),
 * and jest's setup fails any test under which it happened, also when the listener swallowed the refusal.
 */
describe('a viewer completes a title and rates it at once (#30)', () => {
  let stack: CommunityStack;
  let rewards: RunningApp;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'portal-completion-genres-'));
    stack = await startCommunityStack('complgenres');
    rewards = await startRewardsService({ ...stack.env, MEDIA_DIR: mediaDir, CARD_VIDEOS: 'false' });
  }, 180_000);
  afterAll(async () => {
    await rewards?.close();
    await stack?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('answers both, credits the completion and keeps the genres the catalogue names; a redelivery changes nothing', async () => {
    const user = await stack.user();
    const [title] = await stack.db.query<{ id: number; genres: string[] }>(
      `SELECT id, genres FROM catalogue.anime WHERE cardinality(genres) > 0 AND NOT adult ORDER BY id LIMIT 1`,
    );
    expect(title).toBeDefined();

    const completed = await stack.api.put('/api/users/anime/status', { animeId: title.id, status: 'completed' }, { token: user.token });
    const rated = await stack.api.post('/api/rating', { animeId: title.id, rating: 9 }, { token: user.token });
    expect(completed.status).toBe(200);
    expect(rated.status).toBe(200);
    expect(rated.body.data).toMatchObject({ animeId: title.id, userRating: 9 });

    // The rewards listener applied the completion with the genres it asked the catalogue for.
    const [kept] = await waitFor(
      async () => {
        const rows = await stack.db.query<{ genres: string[] }>('SELECT genres FROM rewards.title_genres WHERE anime_id = $1', [title.id]);
        return rows.length > 0 ? rows : null;
      },
      20_000,
      100,
    );
    expect([...kept.genres].sort()).toEqual([...title.genres].sort());
    const earned = async () =>
      Number(
        (
          await stack.db.query(`SELECT coalesce(sum(amount), 0)::int AS n FROM rewards.point_entries WHERE user_id = $1 AND kind = 'title.completed'`, [
            user.id,
          ])
        )[0].n,
      );
    expect(await earned()).toBe(20);

    // The same event delivered again (a redelivery): applied once, by its processed_events record.
    const [event] = await stack.db.query<{ payload: { eventId: string } }>(
      `SELECT payload FROM community.outbox WHERE event_name = 'community.list.updated' AND payload->>'userId' = $1 AND payload->>'status' = 'completed'`,
      [user.id],
    );
    const events = rewardsEvents(stack.env);
    try {
      expect(await events.deliver('community.list.updated', event.payload as never)).toBe('completed');
    } finally {
      await events.close();
    }
    expect(await earned()).toBe(20);
    const processed = await stack.db.query('SELECT event_id FROM rewards.processed_events WHERE event_id = $1', [event.payload.eventId]);
    expect(processed).toHaveLength(1);
  }, 60_000);
});
