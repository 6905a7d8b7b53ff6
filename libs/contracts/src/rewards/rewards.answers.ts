import { z } from 'zod';
import { isoDateTime } from '../validation/answer.schemas';
import { ACHIEVEMENT_KINDS, POINT_KINDS } from './points.dto';
import { CARD_GRANT_SOURCES, CARD_RARITIES } from './cards.dto';

// What the rewards operations answer (rewards.operations.ts); the types in cards.dto.ts and points.dto.ts are these schemas' outputs.

export const cardItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  rarity: z.enum(CARD_RARITIES),
  /** The file under /api/cards/ (an image, or a looping muted video when it ends in .webm). */
  file: z.string(),
  /** Relative drop weight in the roulette and the action grants. */
  weight: z.number().int(),
  /** Retired cards are no longer dropped; those already granted stay in collections. */
  retired: z.boolean(),
});

/** GET /api/cards: the catalogue (cards not retired). */
export const cardCatalogueSchema = z.object({ cards: z.array(cardItemSchema) });

/** GET /api/users/me/cards, GET /api/users/profile/{username}/cards. */
export const cardCollectionSchema = z.object({
  /** Every card there is (retired ones only when owned), owned or not: the page shows the missing ones as silhouettes. */
  cards: z.array(cardItemSchema),
  /** How many copies of each owned card the user got, and when the first came. */
  owned: z.array(z.object({ card: cardItemSchema, count: z.number().int(), firstGrantedAt: isoDateTime })),
  /** Distinct cards owned, of `total` (the non-retired catalogue plus retired owned ones). */
  collected: z.number().int(),
  total: z.number().int(),
});

/** GET /api/cards/{id}/owners: a card's page, who else has it. */
export const cardOwnersSchema = z.object({
  card: cardItemSchema,
  owners: z.array(z.object({ username: z.string(), avatar: z.string().nullable(), count: z.number().int() })),
  ownersCount: z.number().int(),
});

/** `rewards.grant.await`: the grant under a key once it exists, else nulls after the wait. */
export const cardRewardAnswerSchema = z.object({
  /** The card's file (SPEC's `cardReward`). */
  cardReward: z.string().nullable(),
  cardGrantId: z.string().nullable(),
});

/**
 * A grant as the socket pushes it (`reward:card` to the user's room of `/notifications`) and as answers carry it in
 * `cardReward` (the file name alone, SPEC). `duplicate`: the user had it already, so it became points.
 */
export const cardGrantedSchema = z.object({
  grantId: z.string(),
  source: z.enum(CARD_GRANT_SOURCES),
  card: cardItemSchema,
  duplicate: z.boolean(),
  /** Points given instead of a duplicate card (0 when new). */
  points: z.number().int(),
});

/** GET /api/users/me/points. */
export const pointsBalanceSchema = z.object({
  balance: z.number().int(),
  xp: z.number().int(),
  rank: z.string(),
  /** The next rank and the XP it needs; null at the top. */
  nextRank: z.object({ name: z.string(), minXp: z.number().int() }).nullable(),
  history: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(POINT_KINDS),
      /** Positive when earned, negative when spent (a spin). */
      amount: z.number().int(),
      createdAt: isoDateTime,
    }),
  ),
  /** Pass as `?cursor=` for older entries; null at the end. */
  nextCursor: z.string().nullable(),
});

/** GET /api/user/roulette: the price and the odds shown on the roulette screen, and the recent spins. */
export const rouletteInfoSchema = z.object({
  cost: z.number().int(),
  balance: z.number().int(),
  odds: z.array(z.object({ rarity: z.string(), share: z.number() })),
  recent: z.array(z.object({ spinId: z.string(), cardTitle: z.string(), rarity: z.string(), createdAt: isoDateTime })),
});

/** POST /api/user/spin-roulette: the body's `cost` and `result` are ignored (SPEC names them; the server decides). */
export const rouletteSpinSchema = z.object({
  spinId: z.string(),
  cost: z.number().int(),
  /** The card drawn, already in the collection. */
  reward: cardGrantedSchema,
  /** The balance after the spin. */
  balance: z.number().int(),
});

/** GET /api/users/profile/{username}/achievements (and /api/users/me/achievements). */
export const achievementItemSchema = z.object({
  /** Stable key, e.g. `genre:Комедия`, `streak:7`, `first-review`. */
  key: z.string(),
  kind: z.enum(ACHIEVEMENT_KINDS),
  title: z.string(),
  description: z.string(),
  earnedAt: isoDateTime,
});
