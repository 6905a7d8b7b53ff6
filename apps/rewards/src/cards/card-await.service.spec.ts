import type { RedisOptions } from '@portal/messaging';
import { CardAwait } from './card-await.service';
import type { CardsRepository } from './cards.repository';

type Grant = { id: string; file: string; created_at: Date };

/** A repository that answers `grantOf` from a script of answers (the last one repeats), counting reads. */
function scriptedGrants(...answers: Array<Grant | null>) {
  const reads: string[] = [];
  const cards = {
    grantOf: async (key: string) => {
      reads.push(key);
      return answers[Math.min(reads.length, answers.length) - 1];
    },
  };
  return { cards: cards as unknown as CardsRepository, reads };
}

const options: RedisOptions = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', keyPrefix: `card-await-spec:${process.pid}:` };
const grant: Grant = { id: 'g1', file: 'card.svg', created_at: new Date('2026-12-01T10:00:00Z') };

/**
 * `rewards.grant.await` (docs/rewards.md): the day's list card granted before this update is not
 * this answer's, and the answer comes from that one read, without entering the wait.
 */
describe('waiting for a card grant', () => {
  let service: CardAwait | undefined;
  afterEach(async () => {
    await service?.onApplicationShutdown();
    service = undefined;
  });

  it('answers none after one read when the grant is older than `since`, however long the allowed wait', async () => {
    const { cards, reads } = scriptedGrants(grant);
    service = new CardAwait(cards, options);
    const answer = await service.await({ key: 'list:u1:2026-12-01', waitMs: 2000, since: '2026-12-01T11:00:00Z' });
    expect(answer).toEqual({ cardReward: null, cardGrantId: null });
    expect(reads).toEqual(['list:u1:2026-12-01']);
  });

  it('answers a grant made at or after `since` after that one read', async () => {
    const { cards, reads } = scriptedGrants(grant);
    service = new CardAwait(cards, options);
    expect(await service.await({ key: 'k', waitMs: 2000, since: '2026-12-01T09:59:59Z' })).toEqual({ cardReward: 'card.svg', cardGrantId: 'g1' });
    expect(reads).toHaveLength(1);
  });

  it('reads again while the grant is missing and answers it once stored', async () => {
    const { cards, reads } = scriptedGrants(null, null, grant);
    service = new CardAwait(cards, options);
    expect(await service.await({ key: 'k', waitMs: 2000 })).toEqual({ cardReward: 'card.svg', cardGrantId: 'g1' });
    expect(reads).toHaveLength(3);
  });

  it('answers none without waiting when no wait is allowed', async () => {
    const { cards, reads } = scriptedGrants(null, grant);
    service = new CardAwait(cards, options);
    expect(await service.await({ key: 'k', waitMs: 0 })).toEqual({ cardReward: null, cardGrantId: null });
    expect(reads).toHaveLength(1);
  });
});
