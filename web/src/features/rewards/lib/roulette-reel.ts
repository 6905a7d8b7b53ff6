import type { CardItem } from '@portal/contracts';

/**
 * The roulette's reel: a strip of cards that scrolls while the spin request is in flight and then stops
 * on the card the server drew. The client never picks the result: it only places the server's card at
 * the landing slot of the strip (and the strip's other cards are decoration).
 */
export const REEL_LENGTH = 40;
/** Cards shown after the landing slot, so the stop does not look like the end of the strip. */
export const REEL_TAIL = 4;

/** The catalogue repeated to the reel's length (weights do not matter: the server draws). */
export function buildReel(cards: readonly CardItem[], length = REEL_LENGTH): CardItem[] {
  if (cards.length === 0) return [];
  return Array.from({ length }, (_, index) => cards[index % cards.length]!);
}

export interface LandingPlan {
  reel: CardItem[];
  /** The slot the reel stops on; `reel[index]` is the server's card. */
  index: number;
}

/** Where the reel stops for the server's `result`: a fixed slot near the end, holding that card. */
export function planLanding(reel: readonly CardItem[], result: CardItem): LandingPlan {
  const padded = reel.length >= REEL_TAIL + 2 ? [...reel] : buildReel(reel.length > 0 ? reel : [result], REEL_TAIL + 2);
  const index = padded.length - 1 - REEL_TAIL;
  padded[index] = result;
  return { reel: padded, index };
}
