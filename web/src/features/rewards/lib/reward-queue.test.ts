import type { CardGranted } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_REWARD_QUEUE, rewardQueueReducer, SEEN_MAX, type RewardQueueAction, type RewardQueueState } from './reward-queue';
import { makeCard, makeGrant } from '../testing/reward-fixtures';

const run = (actions: RewardQueueAction[], state: RewardQueueState = EMPTY_REWARD_QUEUE) => actions.reduce(rewardQueueReducer, state);
const answer = (file: string, grantId: string | null, now = 0): RewardQueueAction => ({ type: 'announce', announcement: { file, grantId }, now });
const socket = (grant: CardGranted, now = 0): RewardQueueAction => ({
  type: 'announce',
  announcement: { file: grant.card.file, grantId: grant.grantId, grant },
  now,
});

describe('the reward card queue', () => {
  it('shows a grant once when the answer comes first and the socket repeats it, taking the socket’s details', () => {
    const grant = makeGrant({ grantId: 'g-1', duplicate: true, points: 50 });
    const state = run([answer(grant.card.file, 'g-1'), socket(grant, 10)]);
    expect(state.queue).toHaveLength(1);
    expect(state.queue[0]).toMatchObject({ grantId: 'g-1', grant: { duplicate: true, points: 50 } });
  });

  it('shows a grant once when the socket comes first and the answer repeats it', () => {
    const grant = makeGrant({ grantId: 'g-1' });
    const state = run([socket(grant), answer(grant.card.file, 'g-1', 5)]);
    expect(state.queue).toEqual([{ key: 'g-1', file: grant.card.file, grantId: 'g-1', grant }]);
  });

  it('never shows a grant again after it was dismissed', () => {
    const grant = makeGrant({ grantId: 'g-1' });
    const state = run([socket(grant), { type: 'dismiss' }, socket(grant, 100), answer(grant.card.file, 'g-1', 200)]);
    expect(state.queue).toEqual([]);
  });

  it('queues different grants one after another, in the order they came', () => {
    const first = makeGrant({ grantId: 'g-1', card: makeCard({ id: 'c-1', file: 'a.png' }) });
    const second = makeGrant({ grantId: 'g-2', card: makeCard({ id: 'c-2', file: 'b.webm' }) });
    let state = run([socket(first), answer('b.webm', 'g-2'), socket(second)]);
    expect(state.queue.map((entry) => entry.grantId)).toEqual(['g-1', 'g-2']);
    state = rewardQueueReducer(state, { type: 'dismiss' });
    expect(state.queue.map((entry) => entry.grantId)).toEqual(['g-2']);
    expect(state.queue[0]?.grant).toEqual(second);
  });

  it('keeps two grants of the same card apart when both have ids (a duplicate is its own grant)', () => {
    const state = run([answer('a.png', 'g-1'), answer('a.png', 'g-2')]);
    expect(state.queue).toHaveLength(2);
  });

  it('matches an answer without a grant id with the socket’s grant of the same card a moment later', () => {
    const grant = makeGrant({ grantId: 'g-7' });
    const state = run([answer(grant.card.file, null, 1000), socket(grant, 3000), answer(grant.card.file, 'g-7', 4000)]);
    expect(state.queue).toEqual([expect.objectContaining({ grantId: 'g-7', grant })]);
  });

  it('takes the socket’s grant of the same card as a new one when the id-less answer is long past', () => {
    const grant = makeGrant({ grantId: 'g-7' });
    const state = run([answer(grant.card.file, null, 0), { type: 'dismiss' }, socket(grant, 10 * 60_000)]);
    expect(state.queue.map((entry) => entry.grantId)).toEqual(['g-7']);
  });

  it('never shows a grant announced as shown elsewhere (the roulette), even when the socket came first', () => {
    const grant = makeGrant({ grantId: 'g-spin' });
    const silent = (now: number): RewardQueueAction => ({
      type: 'announce',
      announcement: { file: grant.card.file, grantId: 'g-spin', grant, silent: true },
      now,
    });
    expect(run([silent(0), socket(grant, 10)]).queue).toEqual([]);
    expect(run([socket(grant, 0), silent(10)]).queue).toEqual([]);
  });

  it('ignores an announcement without a file, and remembers only the latest grants', () => {
    expect(run([answer('', 'g-1')])).toBe(EMPTY_REWARD_QUEUE);
    const many = Array.from({ length: SEEN_MAX + 5 }, (_, index) => [answer(`c${index}.png`, `g-${index}`), { type: 'dismiss' } as const]).flat();
    const state = run(many);
    expect(state.seen).toHaveLength(SEEN_MAX);
    expect(state.seen[0]?.grantId).toBe('g-5');
  });
});
