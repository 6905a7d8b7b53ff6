import type { CardGranted } from '@portal/contracts';

/**
 * «A card was granted»: answers (registration, a list update, a review) and the rewards socket announce
 * grants here; the rewards feature's dialog host shows each grant once (features do not import each other).
 * Announcements made before the host has loaded wait for it.
 */
export interface CardRewardAnnouncement {
  /** The card's file (an answer's `cardReward`). */
  file: string;
  /** The grant's id (an answer's `cardGrantId`, the socket's `grantId`); null when an answer has none. */
  grantId: string | null;
  /** The whole grant when the socket told it: title, rarity, whether it became points. */
  grant?: CardGranted;
  /** The grant is already on screen elsewhere (the roulette's result): remember it, do not show the dialog. */
  silent?: boolean;
}

type Listener = (announcement: CardRewardAnnouncement) => void;

const waiting: CardRewardAnnouncement[] = [];
const listeners = new Set<Listener>();

export function announceCardReward(announcement: CardRewardAnnouncement): void {
  if (listeners.size === 0) waiting.push(announcement);
  else listeners.forEach((listener) => listener(announcement));
}

/** Subscribes the dialog host; it first receives what was announced before it listened. */
export function onCardReward(listener: Listener): () => void {
  listeners.add(listener);
  waiting.splice(0).forEach(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** An answer that may carry a grant (`cardReward` and `cardGrantId`, SPEC section 7): announces it when it does. */
export function announceCardRewardOf(answer: unknown): void {
  if (typeof answer !== 'object' || answer === null) return;
  const { cardReward, cardGrantId } = answer as { cardReward?: unknown; cardGrantId?: unknown };
  if (typeof cardReward !== 'string' || cardReward === '') return;
  announceCardReward({ file: cardReward, grantId: typeof cardGrantId === 'string' && cardGrantId !== '' ? cardGrantId : null });
}
