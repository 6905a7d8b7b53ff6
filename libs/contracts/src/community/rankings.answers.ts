import { z } from 'zod';

// What the rankings operations answer (rankings.operations.ts); the types in rankings.dto.ts are these schemas' outputs.

export const userRankingEntrySchema = z.object({
  /** Equal values share a place (1, 2, 2, 4); they are listed by who reached the value first. */
  place: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  value: z.number(),
});

const board = z.array(userRankingEntrySchema);
const ownPlace = userRankingEntrySchema.nullable();

/**
 * GET /api/users/rankings: each board is the list of its top entries (SPEC's `data.byAnime`, …), and
 * `me` the signed-in viewer's own places, also below the top (null for guests and for nothing counted).
 */
export const userRankingsSchema = z.object({
  byAnime: board,
  byComments: board,
  byQuiz: board,
  byRating: board,
  me: z.object({ byAnime: ownPlace, byComments: ownPlace, byQuiz: ownPlace, byRating: ownPlace }),
});

export const titleRankingEntrySchema = z.object({
  place: z.number().int(),
  animeId: z.number().int(),
  title: z.string(),
  poster: z.string(),
  fallbackPoster: z.string(),
  /** Top rated: the average of our users' scores, to two decimals; most watched: the viewers. */
  value: z.number(),
  /** Top rated: how many scores the average is of; most watched: the same as value. */
  votes: z.number().int(),
});

export const titleRankingsSchema = z.object({
  topRated: z.array(titleRankingEntrySchema),
  mostWatched: z.array(titleRankingEntrySchema),
  /** The fewest scores a title needs to be in topRated (RANKINGS_MIN_VOTES). */
  minVotes: z.number().int(),
});
