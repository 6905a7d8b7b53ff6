import type { AnimeListEntry, AnimeRatingSummary, AnimeRef, ContinueWatchingItem, ListStatus } from '@portal/contracts';

/** Data of the library's tests and stories (stories/features/library). Not part of the app bundle. */

const poster = (label: string, hue: number) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300"><rect width="200" height="300" fill="hsl(${hue} 45% 30%)"/><text x="100" y="160" font-size="22" fill="white" text-anchor="middle" font-family="sans-serif">${label}</text></svg>`,
  )}`;

export function animeRef(id: number, overrides: Partial<AnimeRef> = {}): AnimeRef {
  const titles: Record<number, string> = { 1: 'Стальной алхимик: Братство', 20: 'Наруто', 21: 'Ван-Пис', 5114: 'Атака титанов' };
  return {
    id,
    title: titles[id] ?? `Аниме ${id}`,
    poster: poster(String(id), (id * 47) % 360),
    fallbackPoster: poster(`№${id}`, 250),
    episodes: 64,
    kind: 'tv',
    year: 2009,
    ...overrides,
  };
}

export function listEntry(status: ListStatus, overrides: Partial<AnimeListEntry> = {}): AnimeListEntry {
  return {
    animeId: 1,
    status,
    progress: 12,
    userRating: null,
    watchedEpisodes: Array.from({ length: 12 }, (_, index) => index + 1),
    rewatches: 0,
    anime: animeRef(1),
    updatedAt: '2025-01-10T18:00:00.000Z',
    ...overrides,
  };
}

export const ratingSummary = (userRating: number, overrides: Partial<AnimeRatingSummary> = {}): AnimeRatingSummary => ({
  animeId: 1,
  userRating,
  average: 8.6,
  votes: 124,
  ...overrides,
});

export function continueItem(animeId: number, episode: number, position: number, overrides: Partial<ContinueWatchingItem> = {}): ContinueWatchingItem {
  return {
    animeId,
    episode,
    position,
    duration: 1420,
    updatedAt: '2025-01-10T18:00:00.000Z',
    anime: animeRef(animeId),
    ...overrides,
  };
}
