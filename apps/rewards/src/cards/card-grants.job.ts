import type { CardGrantSource } from '@portal/contracts';

/** What asks for a card: one grant per `key` ever (docs/rewards.md, «Grants and exactly once»). */
export interface CardGrantRequest {
  /** The idempotency key, e.g. `registration:<userId>`, `list:<userId>:<YYYY-MM-DD>`, `review:<reviewId>`. */
  key: string;
  userId: string;
  source: CardGrantSource;
  /** A given card (the roulette's draw, an admin's gift); absent: drawn by weight. */
  cardId?: string;
}

export type CardGrantJobData = CardGrantRequest;

/**
 * The BullMQ job id of a key: BullMQ refuses ':' in custom ids, so '%' and ':' are percent-encoded
 * (one-to-one: two keys never share an id).
 */
export const cardGrantJobId = (key: string) => key.replace(/%/g, '%25').replace(/:/g, '%3A');

/** Where the worker says a grant was committed (the await RPC listens; docs/rewards.md). */
export const cardGrantedChannel = (keyPrefix: string) => `${keyPrefix}rewards:card-granted`;

export const CARD_GRANT_KEY_MAX = 200;
