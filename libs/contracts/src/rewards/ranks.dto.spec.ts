import { FIRST_RANK, RANK_LADDER, rankForXp } from './ranks.dto';

describe('the rank ladder', () => {
  it('has at least 8 steps from новичок through сэнпай to легенда, thresholds strictly rising from 0', () => {
    expect(RANK_LADDER.length).toBeGreaterThanOrEqual(8);
    const names = RANK_LADDER.map((step) => step.name as string);
    expect(names[0]).toBe('новичок');
    expect(names).toContain('сэнпай');
    expect(names[names.length - 1]).toBe('легенда');
    expect(RANK_LADDER[0].minXp).toBe(0);
    RANK_LADDER.forEach((step, index) => {
      expect(step.level).toBe(index + 1);
      if (index > 0) expect(step.minXp).toBeGreaterThan(RANK_LADDER[index - 1].minXp);
    });
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives the highest step the points reach', () => {
    expect(rankForXp(0).name).toBe(FIRST_RANK);
    expect(rankForXp(99).name).toBe('новичок');
    expect(rankForXp(100).name).toBe('зритель');
    expect(rankForXp(3000).name).toBe('сэнпай');
    expect(rankForXp(10 ** 9).name).toBe('легенда');
  });
});
