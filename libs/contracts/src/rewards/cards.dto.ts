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

export interface CardItem {
  id: string;
  title: string;
  description: string;
  rarity: CardRarity;
  /** The file under /api/cards/ (an image, or a looping muted video when it ends in .webm). */
  file: string;
  /** Relative drop weight in the roulette and the action grants. */
  weight: number;
  /** Retired cards are no longer dropped; those already granted stay in collections. */
  retired: boolean;
}

/** One card of a collection: how many copies the user got and when the first came. */
export interface OwnedCard {
  card: CardItem;
  count: number;
  firstGrantedAt: string;
}

/** GET /api/users/me/cards, GET /api/users/profile/{username}/cards. */
export interface CardCollection {
  /** Every card there is (retired ones only when owned), owned or not: the page shows the missing ones as silhouettes. */
  cards: CardItem[];
  owned: OwnedCard[];
  /** Distinct cards owned, of `total` (the non-retired catalogue plus retired owned ones). */
  collected: number;
  total: number;
}

/** GET /api/cards/{id}/owners: a card's page, who else has it. */
export interface CardOwners {
  card: CardItem;
  owners: Array<{ username: string; avatar: string | null; count: number }>;
  ownersCount: number;
}

/**
 * A grant as the socket pushes it (`reward:card` to the user's room of `/notifications`) and as answers carry it in
 * `cardReward` (the file name alone, SPEC). `duplicate`: the user had it already, so it became points.
 */
export interface CardGranted {
  grantId: string;
  source: CardGrantSource;
  card: CardItem;
  duplicate: boolean;
  /** Points given instead of a duplicate card (0 when new). */
  points: number;
}

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

/** GET /api/cards: the catalogue (cards not retired). */
export interface CardCatalogue {
  cards: CardItem[];
}

/** `rewards.grant.await`: the grant under a key once it exists, else nulls after the wait. */
export interface CardRewardAnswer {
  /** The card's file (SPEC's `cardReward`). */
  cardReward: string | null;
  cardGrantId: string | null;
}

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
  adminOnly: 'Только администратор может менять карточки',
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
