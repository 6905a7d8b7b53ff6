import type { z } from 'zod';
import type { reportCasePageSchema, reportCaseSchema, reportCreatedSchema } from './reports.answers';

/**
 * Reports and the moderation queue (docs/moderation.md): any user reports a piece of content or an
 * account; reports on one target form one queue item (a case) that an admin resolves or rejects.
 * Plain types and constants: the web client imports them too.
 */

/**
 * What can be reported, with the shape of its id. A new kind of content is one line here and one
 * entry in the moderation service's target registry (apps/moderation/src/reports/targets).
 */
export const REPORT_TARGET_ID_KINDS = {
  comment: 'uuid',
  review: 'uuid',
  chat_message: 'numeric',
  amv: 'uuid',
  quiz: 'uuid',
  user: 'uuid',
} as const;
export type ReportTargetType = keyof typeof REPORT_TARGET_ID_KINDS;
export const REPORT_TARGET_TYPES = Object.keys(REPORT_TARGET_ID_KINDS) as ReportTargetType[];

export interface ReportTarget {
  type: ReportTargetType;
  id: string;
}

export const REPORT_REASONS = ['spam', 'offence', 'spoiler', 'offtopic', 'nickname', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Спам или реклама',
  offence: 'Оскорбления',
  spoiler: 'Спойлер без пометки',
  offtopic: 'Не по теме',
  nickname: 'Недопустимый никнейм',
  other: 'Другое',
};

export const REPORT_TARGET_LABELS: Record<ReportTargetType, string> = {
  comment: 'Комментарий',
  review: 'Рецензия',
  chat_message: 'Сообщение в чате',
  amv: 'AMV',
  quiz: 'Викторина',
  user: 'Пользователь',
};

/** A case is open until an admin resolves it (the report was right) or rejects it (it was not). */
export const REPORT_STATUSES = ['open', 'resolved', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The queue: newest report first, or the most reported target first. */
export const REPORT_SORTS = ['newest', 'most'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/** What an admin does with a case; `resolve` may also ban the author (its `ban`, docs/moderation.md). */
export const REPORT_ACTIONS = ['resolve', 'reject'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_TEXT_MAX = 1000;
export const REPORT_NOTE_MAX = 500;
export const REPORTS_PAGE_SIZE = 20;
export const REPORTS_PAGE_MAX = 1000;
/** Reports one user may send in an hour. */
export const REPORTS_PER_HOUR = 20;

export const REPORT_EXCERPT_MAX = 500;

/** A queue item: every report on one target while it is open. */
export type ReportCase = z.output<typeof reportCaseSchema>;
/** The reported content as it was when first reported: the queue shows it even after it is deleted. */
export type ReportSnapshot = ReportCase['snapshot'];
export type ReportReasonCount = ReportCase['reasons'][number];
/** One reporter's report inside a case. */
export type ReportEntry = ReportCase['reports'][number];
export type ReportDecisionInfo = NonNullable<ReportCase['decision']>;
export type ReportCasePage = z.output<typeof reportCasePageSchema>;

export const REPORT_ENTRIES_SHOWN = 10;

/** What POST /reports answers: the report is taken (the reporter sees only this). */
export type ReportCreated = z.output<typeof reportCreatedSchema>;

export const reportTargetLink = {
  user: (username: string) => `/user/${encodeURIComponent(username)}`,
  amv: (id: string) => `/amv/${id}`,
  quiz: (id: string) => `/quiz/${id}`,
  review: (animeId: number, id: string) => `/anime/${animeId}/review/${id}`,
  chat: () => '/?chat=open',
};

export const REPORT_MESSAGES = {
  targetType: `Тип жалобы должен быть одним из: ${REPORT_TARGET_TYPES.join(', ')}`,
  targetId: 'Некорректный идентификатор того, на что жалоба',
  reason: `Причина должна быть одной из: ${REPORT_REASONS.join(', ')}`,
  text: `Текст жалобы должен быть не длиннее ${REPORT_TEXT_MAX} символов`,
  textRequired: 'Опишите, что не так: для причины «Другое» текст обязателен',
  nul: 'Текст содержит недопустимые символы',
  status: `Статус должен быть одним из: ${REPORT_STATUSES.join(', ')}`,
  sort: `Сортировка должна быть одной из: ${REPORT_SORTS.join(', ')}`,
  page: `Страница должна быть целым числом от 1 до ${REPORTS_PAGE_MAX}`,
  id: 'Некорректный идентификатор жалобы',
  action: `Действие должно быть одним из: ${REPORT_ACTIONS.join(', ')}`,
  note: `Комментарий модератора должен быть не длиннее ${REPORT_NOTE_MAX} символов`,
  deleteOnlyOnResolve: 'Удалить содержимое можно только при решении «resolve»',
  banOnlyOnResolve: 'Забанить автора можно только при решении «resolve»',
  noAuthorToBan: 'У этого содержимого нет автора, которого можно забанить',
  cannotDelete: 'Аккаунт не удаляется: вместо этого забаньте пользователя',
  created: 'Жалоба отправлена — спасибо! Модераторы её рассмотрят',
  duplicate: 'Вы уже пожаловались на это — жалоба ждёт рассмотрения',
  self: 'Нельзя пожаловаться на себя или на своё',
  rateLimited: 'Слишком много жалоб — попробуйте позже',
  notFound: 'Жалоба не найдена',
  targetNotFound: 'То, на что вы жалуетесь, не найдено',
  decided: 'Жалоба уже рассмотрена',
  held: 'Скрыто до проверки модератором',
} as const;
