import type { z } from 'zod';
import type { orderCreateResultSchema, orderItemSchema, orderPageSchema, orderVoteStateSchema } from './orders.answers';

/**
 * The order desk (docs/community.md, «Order desk»): users ask for a title to be added or voiced,
 * vote for each other's requests, and admins move a request through its statuses. Constants and the
 * answers' types (schemas in orders.answers.ts, imported as types only: the web client imports this file).
 */

/** Every status, in the order a request moves through them; `rejected` ends one at any open step. */
export const ORDER_STATUSES = ['requested', 'accepted', 'in_progress', 'released', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A request in one of these still waits: it takes votes and counts towards its author's limit. */
export const ORDER_OPEN_STATUSES = ['requested', 'accepted', 'in_progress'] as const satisfies readonly OrderStatus[];

/** The moves an admin may make; any other is a 409. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  requested: ['accepted', 'rejected'],
  accepted: ['in_progress', 'rejected'],
  in_progress: ['released', 'rejected'],
  released: [],
  rejected: [],
};

export const isOpenOrderStatus = (status: OrderStatus): boolean => (ORDER_OPEN_STATUSES as readonly OrderStatus[]).includes(status);

export const ORDER_SORTS = ['votes', 'date'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  requested: 'Заявка',
  accepted: 'Принят',
  in_progress: 'В работе',
  released: 'Вышел',
  rejected: 'Отклонён',
};

export const ORDER_TITLE_MIN = 2;
export const ORDER_TITLE_MAX = 200;
export const ORDER_NOTE_MAX = 1000;
export const ORDER_REASON_MAX = 500;
/** Open requests one user may have at a time. */
export const ORDER_OPEN_LIMIT = 5;
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_PAGE_MAX = 1000;

export type OrderItem = z.output<typeof orderItemSchema>;
export type OrderPage = z.output<typeof orderPageSchema>;
/** What POST /orders did: made a request, counted a vote for an open duplicate, or pointed at a title already on the portal. */
export type OrderCreateResult = z.output<typeof orderCreateResultSchema>;
export type OrderCreateOutcome = OrderCreateResult['outcome'];
export type OrderVoteState = z.output<typeof orderVoteStateSchema>;

export const animeUrlOf = (animeId: number) => `/anime/${animeId}`;

export const ORDER_MESSAGES = {
  id: 'Некорректный идентификатор заказа',
  animeId: 'Укажите id аниме (целое положительное число)',
  title: `Название должно быть от ${ORDER_TITLE_MIN} до ${ORDER_TITLE_MAX} символов`,
  titleOrAnime: 'Укажите аниме из каталога или введите название',
  bothGiven: 'Укажите либо аниме из каталога, либо название, но не оба сразу',
  note: `Комментарий должен быть не длиннее ${ORDER_NOTE_MAX} символов`,
  nul: 'Текст содержит недопустимые символы',
  status: `Статус должен быть одним из: ${ORDER_STATUSES.join(', ')}`,
  sort: `Сортировка должна быть одной из: ${ORDER_SORTS.join(', ')}`,
  page: `Страница должна быть целым числом от 1 до ${ORDERS_PAGE_MAX}`,
  reason: `Причина должна быть не длиннее ${ORDER_REASON_MAX} символов`,
  reasonRequired: 'Укажите причину отказа',
  reasonOnlyForRejected: 'Причина указывается только при отказе',
  animeNotFound: 'Аниме с таким id нет в каталоге',
  notFound: 'Заказ не найден',
  created: 'Заказ принят — спасибо!',
  duplicate: 'Такой заказ уже есть — ваш голос учтён',
  available: 'Это аниме уже есть на портале — смотрите прямо сейчас',
  openLimit: `У вас уже ${ORDER_OPEN_LIMIT} открытых заказов — дождитесь решения по ним`,
  closed: 'Заказ уже закрыт: голосовать за него нельзя',
  transition: 'Такой переход статуса невозможен',
  releaseNeedsAnime: 'Чтобы отметить заказ вышедшим, укажите аниме из каталога (animeId)',
  animeTaken: 'Для этого аниме уже есть открытый заказ',
  signInRequired: 'Чтобы заказать аниме, войдите',
} as const;
