import { describe, expect, it } from 'vitest';
import { buildReel, planLanding, REEL_LENGTH, REEL_TAIL } from './roulette-reel';
import { CATALOGUE, makeCard } from '../testing/reward-fixtures';

describe('the roulette reel', () => {
  it('repeats the catalogue to the reel’s length', () => {
    const reel = buildReel(CATALOGUE);
    expect(reel).toHaveLength(REEL_LENGTH);
    expect(reel.slice(0, CATALOGUE.length)).toEqual(CATALOGUE);
    expect(reel[CATALOGUE.length]).toBe(CATALOGUE[0]);
    expect(buildReel([])).toEqual([]);
  });

  it('lands on the card the server drew, whatever the reel held at that slot', () => {
    const reel = buildReel(CATALOGUE);
    for (const result of CATALOGUE) {
      const plan = planLanding(reel, result);
      expect(plan.reel[plan.index]).toBe(result);
      expect(plan.index).toBe(REEL_LENGTH - 1 - REEL_TAIL);
      expect(plan.reel).toHaveLength(REEL_LENGTH);
    }
  });

  it('lands on a card the catalogue did not list (new or retired), and leaves the given reel as it was', () => {
    const reel = buildReel(CATALOGUE);
    const copy = [...reel];
    const unknown = makeCard({ id: 'card-new', title: 'Новинка' });
    const plan = planLanding(reel, unknown);
    expect(plan.reel[plan.index]).toBe(unknown);
    expect(reel).toEqual(copy);
  });

  it('lands with an empty or short catalogue too, with cards after the stop', () => {
    const result = makeCard({ id: 'only' });
    for (const reel of [[], [CATALOGUE[1]!]]) {
      const plan = planLanding(reel, result);
      expect(plan.reel[plan.index]).toBe(result);
      expect(plan.reel.length - 1 - plan.index).toBe(REEL_TAIL);
    }
  });

  it('always stops on the same slot: the landing never depends on chance', () => {
    const reel = buildReel(CATALOGUE);
    const result = CATALOGUE[3]!;
    expect(planLanding(reel, result)).toEqual(planLanding(reel, result));
  });
});
