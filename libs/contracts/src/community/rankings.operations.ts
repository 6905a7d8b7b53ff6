import { defineOperation } from '../operations/define-operation';
import { emptySchema } from '../validation/common.schemas';
import { titleRankingsSchema, userRankingsSchema } from './rankings.answers';

/** The rankings (docs/community.md, «Rankings»): public; the user boards carry the caller's own places, so none is cached at the edge. */
export const RANKINGS_OPERATIONS = {
  users: defineOperation({
    pattern: 'community.rankings.users',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/users/rankings' },
    summary:
      'Four user leaderboards as lists of entries (byAnime: titles completed, byComments, byQuiz: quiz successes, byRating: scores given), top 100 each, equal values share a place; `me` holds the signed-in caller’s own place on each board (null for guests and for nothing counted)',
    notes:
      "Each board holds `UserRankingEntry` items (values above 0) as the SPEC's client reads them; `me` is `{ byAnime, byComments, byQuiz, byRating }`, each a `UserRankingEntry` or null.",
    request: emptySchema,
    answer: userRankingsSchema,
  }),
  titles: defineOperation({
    pattern: 'community.rankings.titles',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/rankings/titles' },
    summary: 'Titles by our users’ average score (at least RANKINGS_MIN_VOTES scores) and by viewers in the last 7 days',
    notes:
      '20 titles each, `{ place, animeId, title, poster, fallbackPoster, value, votes }`: `topRated` by average score (`value`, two decimals) with at least `minVotes` scores, `mostWatched` by viewers (`value` = `votes` = viewers).',
    request: emptySchema,
    answer: titleRankingsSchema,
  }),
};
