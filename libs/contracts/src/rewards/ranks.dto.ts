/**
 * The rank ladder (SPEC: the user's `rank`, GET /ranks): a user's rank is the highest step whose
 * threshold their points (XP) reach. Shared by the gateway (GET /api/ranks), the rewards service that
 * earns the points (issue #18) and the web client. The names are the values of `rank` on the user
 * object (auth stores `новичок`, the first step, for every new account): never rename a step.
 */
export interface RankStep {
  /** 1 for the first step. */
  level: number;
  /** The rank as the user object carries it. */
  name: string;
  /** The points a user needs to hold this rank. */
  minXp: number;
}

export const RANK_LADDER = [
  { level: 1, name: 'новичок', minXp: 0 },
  { level: 2, name: 'зритель', minXp: 100 },
  { level: 3, name: 'любитель', minXp: 300 },
  { level: 4, name: 'знаток', minXp: 700 },
  { level: 5, name: 'отаку', minXp: 1500 },
  { level: 6, name: 'сэнпай', minXp: 3000 },
  { level: 7, name: 'сэнсэй', minXp: 6000 },
  { level: 8, name: 'мастер', minXp: 12000 },
  { level: 9, name: 'легенда', minXp: 25000 },
] as const satisfies readonly RankStep[];

export type RankName = (typeof RANK_LADDER)[number]['name'];

/** The rank of a new account (auth's column default). */
export const FIRST_RANK: RankName = RANK_LADDER[0].name;

/** The highest step `xp` reaches. */
export function rankForXp(xp: number): RankStep {
  let reached: RankStep = RANK_LADDER[0];
  for (const step of RANK_LADDER) if (xp >= step.minXp) reached = step;
  return reached;
}

/** GET /api/ranks. */
export interface RankLadder {
  ranks: RankStep[];
}
