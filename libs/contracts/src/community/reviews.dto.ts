import type { CommentAuthor } from './comments.dto';
import type { AnimeRef } from './library.dto';

/**
 * Reviews (docs/community.md, «Reviews»): plain types and constants, imported by the web client too.
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

export interface ReviewItem {
  id: string;
  /** The title's catalogue id. */
  animeId: number;
  /** The review's own headline, if any. */
  title: string | null;
  /** Plain text as written (trimmed): render paragraphs and [spoiler] blocks on the client, never as HTML. */
  text: string;
  score: number;
  status: ReviewStatus;
  /** The moderator's reason of a rejected review; only its author and admins get it (null for others). */
  rejectionReason: string | null;
  author: ReviewAuthor;
  createdAt: string;
  updatedAt: string;
  /** «Полезно» votes. */
  helpful: number;
  /** «Бесполезно» votes. */
  unhelpful: number;
  /** The caller's vote: true «Полезно», false «Бесполезно», null none (or a guest). */
  myVote: boolean | null;
  /** The caller wrote it (the title's page shows the caller's own pending or rejected review first, flagged so). */
  mine: boolean;
  /** On hold after reports (docs/moderation.md): others get an empty text and no title; its author and admins read it. */
  held?: boolean;
}

/** A review with the title it is about (the feed of all titles, the moderation queue). */
export interface ReviewWithAnime extends ReviewItem {
  anime: AnimeRef | null;
}

/**
 * POST /reviews: the review, and the card the rewards service granted for it. Always null for now:
 * cards are granted on approval (`community.review.approved`), once the rewards service consumes it.
 */
export interface ReviewCreated extends ReviewItem {
  cardReward: null;
}

export interface ReviewPage<T extends ReviewItem = ReviewItem> {
  items: T[];
  /** Pass as `?cursor=` (with the same `sort`) for the next page; null on the last page. */
  nextCursor: string | null;
}

/** The admin's queue of reviews waiting for moderation, oldest first, and how many there are. */
export interface PendingReviewPage extends ReviewPage<ReviewWithAnime> {
  pending: number;
}

export interface ReviewVoteState {
  id: string;
  helpful: number;
  unhelpful: number;
  myVote: boolean | null;
}

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
  adminOnly: 'Проверять рецензии могут только администраторы',
  sort: 'Сортировка: helpful или date',
  cursor: 'Некорректный курсор страницы',
  limit: `Лимит должен быть целым числом от 1 до ${REVIEWS_PAGE_MAX}`,
} as const;
