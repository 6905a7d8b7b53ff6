import type { CardGranted } from '@portal/contracts';
import type { CardRewardAnnouncement } from '../../../shared/events/card-reward';

/**
 * The card dialog's queue: each grant shows once, whichever of its announcements (the answer's
 * `cardReward`/`cardGrantId`, the socket's `reward:card`) comes first; the later one only adds what it
 * knows (the socket's title and «became points»). Several grants show one after another.
 */
export interface RewardEntry {
  /** The grant id, or `file:<name>@<time>` for an answer that carried no id. */
  key: string;
  file: string;
  grantId: string | null;
  grant: CardGranted | null;
}

interface Seen {
  grantId: string | null;
  file: string;
  at: number;
}

export interface RewardQueueState {
  /** The first entry is on screen. */
  queue: RewardEntry[];
  /** Every grant taken in (shown or queued), the newest last, at most SEEN_MAX. */
  seen: Seen[];
}

/** An answer without a grant id and a socket grant of the same file this close together are one grant. */
export const ANONYMOUS_MATCH_MS = 60_000;
export const SEEN_MAX = 200;

export const EMPTY_REWARD_QUEUE: RewardQueueState = { queue: [], seen: [] };

export type RewardQueueAction = { type: 'announce'; announcement: CardRewardAnnouncement; now: number } | { type: 'dismiss' };

export function rewardQueueReducer(state: RewardQueueState, action: RewardQueueAction): RewardQueueState {
  return action.type === 'dismiss' ? { ...state, queue: state.queue.slice(1) } : takeIn(state, action.announcement, action.now);
}

function takeIn(state: RewardQueueState, announcement: CardRewardAnnouncement, now: number): RewardQueueState {
  const { file, grantId } = announcement;
  const grant = announcement.grant ?? null;
  if (!file) return state;

  if (announcement.silent && grantId !== null) {
    // Shown elsewhere (the roulette): never in the dialog, and out of the queue if the socket came first.
    const known = state.seen.some((seen) => seen.grantId === grantId);
    return {
      queue: state.queue.filter((entry) => entry.grantId !== grantId),
      seen: known ? state.seen : [...state.seen, { grantId, file, at: now }].slice(-SEEN_MAX),
    };
  }
  if (grantId !== null && state.seen.some((seen) => seen.grantId === grantId)) {
    // Already taken in: the later announcement may still tell what the first did not (title, points).
    return grant ? { ...state, queue: state.queue.map((entry) => (entry.grantId === grantId && !entry.grant ? { ...entry, grant } : entry)) } : state;
  }

  // An answer without an id and the socket's grant of the same card, close together: the same grant.
  const partner = state.seen.find(
    (seen) => seen.file === file && (seen.grantId === null) !== (grantId === null) && Math.abs(now - seen.at) <= ANONYMOUS_MATCH_MS,
  );
  if (partner) {
    const id = grantId ?? partner.grantId;
    return {
      seen: state.seen.map((seen) => (seen === partner ? { ...seen, grantId: id } : seen)),
      queue: state.queue.map((entry) =>
        entry.file === file && (entry.grantId === null || entry.grantId === id) ? { ...entry, grantId: id, grant: entry.grant ?? grant } : entry,
      ),
    };
  }
  if (grantId === null && state.seen.some((seen) => seen.grantId === null && seen.file === file && now - seen.at <= ANONYMOUS_MATCH_MS)) {
    return state;
  }

  const entry: RewardEntry = { key: grantId ?? `file:${file}@${now}`, file, grantId, grant };
  return { queue: [...state.queue, entry], seen: [...state.seen, { grantId, file, at: now }].slice(-SEEN_MAX) };
}
