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
 * A grant as the socket pushes it (`reward.card` to the user's room) and as answers carry it in
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
