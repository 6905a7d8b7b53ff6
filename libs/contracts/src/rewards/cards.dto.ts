import type { z } from 'zod';
import type { cardCatalogueSchema, cardCollectionSchema, cardGrantedSchema, cardItemSchema, cardOwnersSchema, cardRewardAnswerSchema } from './rewards.answers';

/**
 * Collectible reward cards (issue #18, docs/rewards.md). The rewards service owns them; the gateway
 * serves their files at /api/cards/{file} (SPEC: the reward card dialog reads `cardReward`, a file name).
 */
export const CARD_RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type CardRarity = (typeof CARD_RARITIES)[number];

/** As the profile and the admin screen show a rarity. */
export const CARD_RARITY_LABELS: Record<CardRarity, string> = {
  common: 'обычная',
  rare: 'редкая',
  epic: 'эпическая',
  legendary: 'легендарная',
};

/** Why a card was granted; one grant per idempotency key (docs/rewards.md). */
export const CARD_GRANT_SOURCES = ['registration', 'review', 'list', 'watching', 'roulette', 'admin'] as const;
export type CardGrantSource = (typeof CARD_GRANT_SOURCES)[number];

export type CardItem = z.output<typeof cardItemSchema>;
/** A user's collection: every card (the missing ones shown as silhouettes), the owned ones with counts. */
export type CardCollection = z.output<typeof cardCollectionSchema>;
/** One card of a collection: how many copies the user got and when the first came. */
export type OwnedCard = CardCollection['owned'][number];
export type CardOwners = z.output<typeof cardOwnersSchema>;
/** A grant as the socket pushes it and as answers carry it (`cardReward`, the file name alone, SPEC). */
export type CardGranted = z.output<typeof cardGrantedSchema>;

/** Card files live in MEDIA_DIR/cards; the gateway serves them at /api/cards/{file}. */
export const CARD_MEDIA_FOLDER = 'cards';
/** A card file's name: content-hashed, lower-case, one of the served types; nothing else is ever served (no paths). */
export const CARD_FILE_PATTERN = /^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|jpg|webp|webm)$/;
/** The content type of each served extension. */
export const CARD_FILE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  webm: 'video/webm',
};
export const CARD_TITLE_MAX = 80;
export const CARD_DESCRIPTION_MAX = 300;
export const CARD_WEIGHT_MAX = 10000;
/** The longest an answer waits for its grant (`rewards.grant.await`). */
export const CARD_AWAIT_MAX_MS = 2000;

export type CardCatalogue = z.output<typeof cardCatalogueSchema>;
export type CardRewardAnswer = z.output<typeof cardRewardAnswerSchema>;

export const CARD_MESSAGES = {
  title: `Название карточки: от 1 до ${CARD_TITLE_MAX} символов`,
  description: `Описание карточки: не длиннее ${CARD_DESCRIPTION_MAX} символов`,
  rarity: 'Редкость: обычная (common), редкая (rare), эпическая (epic) или легендарная (legendary)',
  weight: `Вес выпадения: целое число от 1 до ${CARD_WEIGHT_MAX}`,
  file: 'Некорректный файл карточки',
  fileMissing: 'Загрузите изображение или видео карточки',
  fileType: 'Карточка: изображение PNG, JPEG или WebP, либо видео WebM',
  svgRefused: 'SVG-файлы не принимаются: загрузите PNG, JPEG, WebP или WebM',
  fileTooLarge: (mb: number) => `Файл карточки больше ${mb} МБ`,
  notMultipart: 'Отправьте карточку формой multipart/form-data',
  nothingToUpdate: 'Укажите хотя бы одно поле карточки',
  id: 'Некорректный идентификатор карточки',
  notFound: 'Карточка не найдена',
  duplicateFile: 'Карточка с таким файлом уже есть',
  userNotFound: 'Пользователь не найден',
  signInRequired: 'Войдите, чтобы увидеть свою коллекцию',
  key: 'Некорректный ключ награды',
  waitMs: `Ожидание: целое число миллисекунд от 0 до ${CARD_AWAIT_MAX_MS}`,
} as const;

/** Largest card upload (POST /api/admin/cards), in megabytes. */
export const CARD_UPLOAD_MAX_MB = 8;

/**
 * A Redis key (under REDIS_KEY_PREFIX) the rewards service's grant worker keeps alive while it runs:
 * the gateway waits for a grant (`rewards.grant.await`) only then, so an answer is never slowed by a
 * rewards service that is not there.
 */
export const cardGrantsAliveKey = (keyPrefix: string) => `${keyPrefix}rewards:card-grants:alive`;
