import type { z } from 'zod';
import type { titleRankingEntrySchema, titleRankingsSchema, userRankingEntrySchema, userRankingsSchema } from './rankings.answers';

/**
 * The rankings (docs/community.md, «Rankings»): four user leaderboards and two title lists, answered
 * from the community's read model. Constants and the answers' types (schemas in rankings.answers.ts).
 */

/** The four user leaderboards, keyed as SPEC's answer names them (data.byAnime, …). */
export const USER_RANKING_BOARDS = ['byAnime', 'byComments', 'byQuiz', 'byRating'] as const;
export type UserRankingBoard = (typeof USER_RANKING_BOARDS)[number];

/** What each board counts. */
export const USER_RANKING_LABELS: Record<UserRankingBoard, string> = {
  byAnime: 'Аниме',
  byComments: 'Комментарии',
  byQuiz: 'Квизы',
  byRating: 'Оценки',
};

/** Entries a board lists; a viewer below them still gets their own place. */
export const USER_RANKING_SIZE = 100;
/** Titles each title list shows. */
export const TITLE_RANKING_SIZE = 20;
/** The window of «most watched», in days up to today. */
export const MOST_WATCHED_DAYS = 7;

export type UserRankingEntry = z.output<typeof userRankingEntrySchema>;
/** The signed-in viewer's own place on each board; null for guests and for a board with nothing counted yet. */
export type UserRankingPlaces = UserRankings['me'];
export type UserRankings = z.output<typeof userRankingsSchema>;
export type TitleRankingEntry = z.output<typeof titleRankingEntrySchema>;
export type TitleRankings = z.output<typeof titleRankingsSchema>;
