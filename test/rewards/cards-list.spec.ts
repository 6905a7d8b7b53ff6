import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { ATTACK_ON_TITAN, type CommunityStack, DEATH_NOTE, NARUTO, startCommunityStack } from '../community/community-test-kit';
import { type RunningApp, startRewardsService } from '../support/test-apps';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The list card (docs/rewards.md): at most one a UTC day from list changes, whatever the number of
 * updates; the answer that brought it may carry it (`cardReward`), a later update of the day never
 * does (that it does not wait for one: apps/rewards/src/cards/card-await.service.spec.ts).
 */
describe('the list card in PUT /api/users/anime/status (#18)', () => {
  let stack: CommunityStack;
  let rewards: RunningApp;
  let mediaDir: string;
  let user: RegisteredUser;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'portal-cards-list-'));
    stack = await startCommunityStack('cardlist');
    rewards = await startRewardsService({ ...stack.env, MEDIA_DIR: mediaDir, CARD_VIDEOS: 'false' });
    user = await stack.user();
  }, 180_000);
  afterAll(async () => {
    await rewards?.close();
    await stack?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const listGrants = () =>
    stack.db.query<{ id: string; file: string }>(`SELECT g.id, c.file FROM rewards.card_grants g JOIN rewards.cards c ON c.id = g.card_id WHERE g.key = $1`, [
      `list:${user.id}:${today()}`,
    ]);

  it('grants one card a day however many updates, and only the answer that brought it carries it', async () => {
    const first = await stack.api.put('/api/users/anime/status', { animeId: DEATH_NOTE.id, status: 'planned' }, { token: user.token });
    expect(first.status).toBe(200);
    const [grant] = await waitFor(async () => ((await listGrants()).length ? listGrants() : null), 15_000);
    // Within the answer's wait on a healthy machine; else the socket brings it (the dialog shows either way).
    if (first.body.data.cardReward !== undefined) expect(first.body.data).toMatchObject({ cardReward: grant.file, cardGrantId: grant.id });
    for (const animeId of [ATTACK_ON_TITAN.id, NARUTO.id]) {
      const later = await stack.api.put('/api/users/anime/status', { animeId, status: 'watching' }, { token: user.token });
      expect(later.status).toBe(200);
      expect(later.body.data.cardReward).toBeUndefined();
      expect(later.body.data.cardGrantId).toBeUndefined();
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await listGrants()).toHaveLength(1);
  }, 60_000);
});
