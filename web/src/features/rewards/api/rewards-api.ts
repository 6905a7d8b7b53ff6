import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AchievementItem, CardCatalogue, CardCollection, CardItem, CardOwners, CardRarity, PointsBalance, RouletteInfo, RouletteSpin } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/http-client';
import { uploadFile } from '../../../shared/api/upload-file';

/** Every address the rewards screens call (docs/rewards.md). */
export const REWARDS_PATHS = {
  catalogue: '/cards',
  owners: (id: string) => `/cards/${encodeURIComponent(id)}/owners`,
  ownCards: '/users/me/cards',
  userCards: (username: string) => `/users/profile/${encodeURIComponent(username)}/cards`,
  points: '/users/me/points',
  roulette: '/user/roulette',
  spin: '/user/spin-roulette',
  ownAchievements: '/users/me/achievements',
  userAchievements: (username: string) => `/users/profile/${encodeURIComponent(username)}/achievements`,
  adminCards: '/admin/cards',
  adminCard: (id: string) => `/admin/cards/${encodeURIComponent(id)}`,
} as const;

/** Whose collection: the viewer's own (null) or a user's public one. */
export type RewardsOwner = string | null;

/** The cards not retired (GET /api/cards answers `{ cards }`). */
export const fetchCatalogue = async (signal?: AbortSignal): Promise<CardItem[]> => (await apiRequest<CardCatalogue>(REWARDS_PATHS.catalogue, { signal })).cards;
export const fetchCollection = (owner: RewardsOwner, signal?: AbortSignal) =>
  apiRequest<CardCollection>(owner === null ? REWARDS_PATHS.ownCards : REWARDS_PATHS.userCards(owner), { signal });
export const fetchOwners = (id: string, signal?: AbortSignal) => apiRequest<CardOwners>(REWARDS_PATHS.owners(id), { signal });
export const fetchPoints = (cursor: string | null, signal?: AbortSignal) =>
  apiRequest<PointsBalance>(REWARDS_PATHS.points, { query: { cursor: cursor ?? undefined }, signal });
export const fetchRoulette = (signal?: AbortSignal) => apiRequest<RouletteInfo>(REWARDS_PATHS.roulette, { signal });
/** The server draws and charges; SPEC's `cost` and `result` are not sent (the server would ignore them). */
export const spinRoulette = () => apiRequest<RouletteSpin>(REWARDS_PATHS.spin, { method: 'POST', body: {} });
export const fetchAchievements = (owner: RewardsOwner, signal?: AbortSignal) =>
  apiRequest<AchievementItem[]>(owner === null ? REWARDS_PATHS.ownAchievements : REWARDS_PATHS.userAchievements(owner), { signal });

/** What an admin writes about a card; the file comes with a new card only. */
export interface CardDraft {
  title: string;
  description: string;
  rarity: CardRarity;
  weight: number;
}

export const createCard = (draft: CardDraft, file: File) =>
  uploadFile<CardItem>(REWARDS_PATHS.adminCards, file, file.name, {
    title: draft.title,
    description: draft.description,
    rarity: draft.rarity,
    weight: String(draft.weight),
  });
export const updateCard = (id: string, draft: Partial<CardDraft>) => apiRequest<CardItem>(REWARDS_PATHS.adminCard(id), { method: 'PUT', body: draft });
/** Retires the card: no longer dropped, kept in the collections that have it. */
export const retireCard = (id: string) => apiRequest<unknown>(REWARDS_PATHS.adminCard(id), { method: 'DELETE' });

export const rewardsKeys = {
  all: ['rewards'] as const,
  catalogue: ['rewards', 'catalogue'] as const,
  collection: (owner: RewardsOwner) => ['rewards', 'collection', owner ?? '@me'] as const,
  owners: (id: string) => ['rewards', 'owners', id] as const,
  points: ['rewards', 'points'] as const,
  roulette: ['rewards', 'roulette'] as const,
  achievements: (owner: RewardsOwner) => ['rewards', 'achievements', owner ?? '@me'] as const,
};

export const catalogueQuery = () => queryOptions({ queryKey: rewardsKeys.catalogue, queryFn: ({ signal }) => fetchCatalogue(signal), staleTime: 5 * 60_000 });
export const collectionQuery = (owner: RewardsOwner) =>
  queryOptions({ queryKey: rewardsKeys.collection(owner), queryFn: ({ signal }) => fetchCollection(owner, signal), staleTime: 30_000 });
export const ownersQuery = (id: string) => queryOptions({ queryKey: rewardsKeys.owners(id), queryFn: ({ signal }) => fetchOwners(id, signal), staleTime: 30_000 });
export const rouletteQuery = () => queryOptions({ queryKey: rewardsKeys.roulette, queryFn: ({ signal }) => fetchRoulette(signal), staleTime: 0 });
export const achievementsQuery = (owner: RewardsOwner) =>
  queryOptions({ queryKey: rewardsKeys.achievements(owner), queryFn: ({ signal }) => fetchAchievements(owner, signal), staleTime: 60_000 });
/** The balance with the history page by page (newest first). */
export const pointsQuery = () =>
  infiniteQueryOptions({
    queryKey: rewardsKeys.points,
    queryFn: ({ pageParam, signal }) => fetchPoints(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
