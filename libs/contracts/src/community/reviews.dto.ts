import type { z } from 'zod';
import type { CommentAuthor } from './comments.dto';
import type {
  pendingReviewPageSchema,
  reviewCreatedSchema,
  reviewItemSchema,
  reviewPageSchema,
  reviewVoteStateSchema,
  reviewWithAnimePageSchema,
  reviewWithAnimeSchema,
} from './reviews.answers';

/**
 * Reviews (docs/community.md, «Reviews»): constants and the answers' types (schemas in reviews.answers.ts).
 * A review is plain text: paragraphs, line breaks and `[spoiler]…[/spoiler]` blocks are the client's
 * to render; the API stores and returns the text as written (trimmed).
 */

/** pending → approved, or rejected with a reason; an author's edit sends it back to pending. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Characters of a review's text after trimming. */
export const REVIEW_TEXT_MIN = 500;
export const REVIEW_TEXT_MAX = 20_000;
/** Characters of the optional headline. */
export const REVIEW_TITLE_MAX = 200;
/** Characters of a rejection's reason. */
export const REVIEW_REASON_MAX = 500;
export const REVIEW_SCORE_MIN = 1;
export const REVIEW_SCORE_MAX = 10;
export const REVIEWS_PAGE_DEFAULT = 20;
export const REVIEWS_PAGE_MAX = 50;

/** `date`: newest first; `helpful`: most «Полезно» minus «Бесполезно» first, then newest. */
export const REVIEW_SORTS = ['date', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export type ReviewAuthor = CommentAuthor;

export type ReviewItem = z.output<typeof reviewItemSchema>;
/** A review with the title it is about (the feed of all titles, the moderation queue). */
export type ReviewWithAnime = z.output<typeof reviewWithAnimeSchema>;
/** POST /reviews: the review, and the card granted for it (always null: cards come with the approval). */
export type ReviewCreated = z.output<typeof reviewCreatedSchema>;
export type ReviewPage = z.output<typeof reviewPageSchema>;
export type ReviewWithAnimePage = z.output<typeof reviewWithAnimePageSchema>;
/** The admin's queue of reviews waiting for moderation, oldest first, and how many there are. */
export type PendingReviewPage = z.output<typeof pendingReviewPageSchema>;
export type ReviewVoteState = z.output<typeof reviewVoteStateSchema>;

/**
 * Page positions: `<microseconds>_<uuid>` by date, `<helpfulness>_<microseconds>_<uuid>` by helpfulness.
 */
export const REVIEW_DATE_CURSOR_PATTERN = /^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const REVIEW_HELPFUL_CURSOR_PATTERN = /^-?\d{1,10}_\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const REVIEW_MESSAGES = {
  animeId: 'Укажите id аниме (целое положительное число)',
  animeNotFound: 'Аниме не найдено',
  id: 'Некорректный идентификатор рецензии',
  title: `Заголовок рецензии должен быть строкой не длиннее ${REVIEW_TITLE_MAX} символов`,
  text: 'Напишите текст рецензии',
  textTooShort: `Рецензия должна быть не короче ${REVIEW_TEXT_MIN} символов`,
  textTooLong: `Рецензия не может быть длиннее ${REVIEW_TEXT_MAX} символов`,
  nul: 'Текст содержит недопустимый символ (NUL)',
  score: `Оценка должна быть целым числом от ${REVIEW_SCORE_MIN} до ${REVIEW_SCORE_MAX}`,
  nothingToChange: 'Укажите, что изменить: заголовок, текст или оценку',
  reason: 'Укажите причину отклонения',
  reasonTooLong: `Причина отклонения не может быть длиннее ${REVIEW_REASON_MAX} символов`,
  helpful: 'Укажите helpful: true («Полезно») или false («Бесполезно»)',
  duplicate: 'Вы уже написали рецензию на это аниме',
  notFound: 'Рецензия не найдена',
  editForeign: 'Нельзя изменить чужую рецензию',
  deleteForeign: 'Нельзя удалить чужую рецензию',
  voteOwn: 'Нельзя оценить свою рецензию',
  notPending: 'Рецензия уже проверена',
  sort: 'Сортировка: helpful или date',
  cursor: 'Некорректный курсор страницы',
  limit: `Лимит должен быть целым числом от 1 до ${REVIEWS_PAGE_MAX}`,
} as const;
