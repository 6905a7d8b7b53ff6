import { COMMUNITY_MESSAGES, type FieldError, type ListStatus } from '@portal/contracts';

/** The parts of a list entry the transitions change (the rating has its own endpoint). */
export interface EntryState {
  status: ListStatus;
  progress: number;
  watchedEpisodes: number[];
  rewatches: number;
}

export interface ListChange {
  status?: ListStatus;
  progress?: number;
  watchedEpisode?: number;
}

export type TransitionResult = { ok: true; next: EntryState } | { ok: false; error: FieldError };

export const NEW_ENTRY: EntryState = { status: 'planned', progress: 0, watchedEpisodes: [], rewatches: 0 };

/** Explicit statuses a progress at the total does not override: a viewer may shelve or drop a title at its last episode. */
const KEPT_AT_TOTAL: ReadonlySet<ListStatus> = new Set(['on_hold', 'dropped']);

/**
 * The list rules (docs/community.md), applied in order: the status, then the progress, then the
 * watched episode. `totalEpisodes` is the title's count when known (null or 0 = unknown).
 *
 * - completed fills the progress to the total; leaving rewatching for completed counts a rewatch;
 * - rewatching is only for a completed title (or one being rewatched) and starts the pass at 0;
 * - a progress is capped at the total and reaching it completes the title (SPEC §4, as on Shikimori),
 *   also with an explicit planned, watching or rewatching (a finished rewatch counts); only an explicit
 *   on_hold or dropped is kept. Without an explicit status a planned title with progress becomes
 *   watching, a completed one set below the total too;
 * - a watched episode (SPEC §4) is added to watchedEpisodes and raises the progress to it; the title
 *   becomes watching (rewatching when it was completed and this is not its last episode), and
 *   completed when the progress reaches the total.
 */
export function applyListChange(current: EntryState | null, change: ListChange, totalEpisodes: number | null): TransitionResult {
  const total = totalEpisodes && totalEpisodes > 0 ? totalEpisodes : null;
  const next: EntryState = { ...(current ?? NEW_ENTRY), watchedEpisodes: [...(current ?? NEW_ENTRY).watchedEpisodes] };
  const complete = () => {
    if (next.status === 'rewatching') next.rewatches += 1;
    next.status = 'completed';
    if (total) next.progress = total;
  };
  const startRewatch = () => {
    next.status = 'rewatching';
    next.progress = 0;
    next.watchedEpisodes = [];
  };

  if (change.status !== undefined && change.status !== next.status) {
    if (change.status === 'rewatching') {
      if (next.status !== 'completed') return { ok: false, error: { field: 'status', message: COMMUNITY_MESSAGES.rewatchNotCompleted } };
      startRewatch();
    } else if (change.status === 'completed') {
      complete();
    } else {
      next.status = change.status;
    }
  } else if (change.status === 'completed' && total) {
    next.progress = total;
  }

  if (change.progress !== undefined && change.status !== 'completed') {
    next.progress = total ? Math.min(change.progress, total) : change.progress;
    const reachesTotal = total !== null && next.progress === total && next.status !== 'completed';
    if (reachesTotal && (change.status === undefined || !KEPT_AT_TOTAL.has(change.status))) complete();
    else if (change.status === undefined) {
      if (next.status === 'planned' && next.progress > 0) next.status = 'watching';
      else if (next.status === 'completed' && total && next.progress < total) next.status = 'watching';
    }
  }

  if (change.watchedEpisode !== undefined) {
    const episode = change.watchedEpisode;
    if (total && episode > total) return { ok: false, error: { field: 'watchedEpisode', message: COMMUNITY_MESSAGES.episodeBeyondTotal } };
    const isLast = total !== null && episode === total;
    if (next.status === 'completed') {
      if (!isLast) startRewatch();
    } else if (next.status !== 'rewatching') {
      next.status = 'watching';
    }
    if (!next.watchedEpisodes.includes(episode)) next.watchedEpisodes = [...next.watchedEpisodes, episode].sort((a, b) => a - b);
    next.progress = Math.max(next.progress, episode);
    if (total && next.progress >= total && next.status !== 'completed') complete();
  }
  return { ok: true, next };
}

export const sameState = (a: EntryState, b: EntryState) =>
  a.status === b.status &&
  a.progress === b.progress &&
  a.rewatches === b.rewatches &&
  a.watchedEpisodes.length === b.watchedEpisodes.length &&
  a.watchedEpisodes.every((episode, index) => episode === b.watchedEpisodes[index]);
