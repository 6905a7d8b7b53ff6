import { LIST_STATUSES, type AnimeListEntry, type ListStatus } from '@portal/contracts';

/** A tab of the profile's list: one per list status, then the ratings. */
export type ListTab = ListStatus | 'ratings';
/** The tabs of the user's comments and reviews: their contents come from those features (the app's slots). */
export type CommunityTab = 'reviews' | 'comments';
/** The rewards' tabs (SPEC: /profile?tab=cards), from the rewards feature (the app's slots). */
export type RewardsTab = 'cards' | 'achievements' | 'roulette';
/** Every tab whose content the app supplies. */
export type SlotTab = CommunityTab | RewardsTab;
export type ProfileTab = ListTab | SlotTab;

export const PROFILE_TABS: readonly ListTab[] = [...LIST_STATUSES, 'ratings'];
/** In this order after the list's tabs, each only when the app supplies its content. */
export const COMMUNITY_TABS: readonly CommunityTab[] = ['reviews', 'comments'];
/** After the community's, each only when the app supplies it. */
export const REWARDS_TABS: readonly RewardsTab[] = ['cards', 'achievements', 'roulette'];
export const SLOT_TABS: readonly SlotTab[] = [...COMMUNITY_TABS, ...REWARDS_TABS];
/** Shown on the viewer's own profile only (spending their points). */
export const OWN_ONLY_TABS: readonly SlotTab[] = ['roulette'];
export const DEFAULT_TAB: ProfileTab = 'watching';

export const isCommunityTab = (tab: ProfileTab): tab is CommunityTab => (COMMUNITY_TABS as readonly string[]).includes(tab);
export const isListStatusTab = (tab: ProfileTab): tab is ListStatus => (LIST_STATUSES as readonly string[]).includes(tab);

/** The `?tab=` of the URL as one of the page's tabs; anything else is the default. */
export function tabFromParam(value: string | null, tabs: readonly ProfileTab[] = PROFILE_TABS): ProfileTab {
  return (tabs as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : DEFAULT_TAB;
}

/** Rated entries, best first; equal ratings by most recent change. */
export function ratedEntries(entries: readonly AnimeListEntry[]): AnimeListEntry[] {
  return entries
    .filter((entry) => entry.userRating !== null)
    .sort((a, b) => (b.userRating ?? 0) - (a.userRating ?? 0) || b.updatedAt.localeCompare(a.updatedAt));
}

/** Episodes watched as the list shows them: capped at the title's count when known. */
export function watchedCount(entry: Pick<AnimeListEntry, 'progress' | 'anime'>): number {
  const total = entry.anime.episodes;
  return total ? Math.min(entry.progress, total) : entry.progress;
}
