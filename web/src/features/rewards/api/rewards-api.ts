import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AchievementItem, CardCollection, CardItem, CardOwners, CardRarity, PointsBalance, RouletteInfo, RouletteSpin } from '@portal/contracts';
import { operationsOf } from '../../../shared/api/operations-client';
import { uploadFile } from '../../../shared/api/upload-file';

const cards = operationsOf('cards');
const economy = operationsOf('economy');

/** Whose collection: the viewer's own (null) or a user's public one. */
export type RewardsOwner = string | null;

/** The cards not retired (GET /api/cards answers `{ cards }`). */
export const fetchCatalogue = async (signal?: AbortSignal): Promise<CardItem[]> => (await cards.list({}, { signal })).cards;
export const fetchCollection = (owner: RewardsOwner, signal?: AbortSignal): Promise<CardCollection> =>
  owner === null ? cards.mine({}, { signal }) : cards.ofUser({ username: owner }, { signal });
export const fetchOwners = (id: string, signal?: AbortSignal): Promise<CardOwners> => cards.owners({ id }, { signal });
export const fetchPoints = (cursor: string | null, signal?: AbortSignal): Promise<PointsBalance> => economy.points({ cursor: cursor ?? undefined }, { signal });
export const fetchRoulette = (signal?: AbortSignal): Promise<RouletteInfo> => economy.roulette({}, { signal });
/** The server draws and charges; SPEC's `cost` and `result` are not sent (the server would ignore them). */
export const spinRoulette = (): Promise<RouletteSpin> => economy.spin({});
export const fetchAchievements = (owner: RewardsOwner, signal?: AbortSignal): Promise<AchievementItem[]> =>
  owner === null ? economy.achievements({}, { signal }) : economy.achievementsOf({ username: owner }, { signal });

/** What an admin writes about a card; the file comes with a new card only. */
export interface CardDraft {
  title: string;
  description: string;
  rarity: CardRarity;
  weight: number;
}

/** Uploads the card's file with its fields as multipart/form-data (POST /api/admin/cards, a route of its own). */
export const createCard = (draft: CardDraft, file: File) =>
  uploadFile<CardItem>('/admin/cards', file, file.name, {
    title: draft.title,
    description: draft.description,
    rarity: draft.rarity,
    weight: String(draft.weight),
  });
export const updateCard = (id: string, draft: Partial<CardDraft>): Promise<CardItem> => cards.update({ ...draft, id });
/** Retires the card: no longer dropped, kept in the collections that have it. */
export const retireCard = (id: string): Promise<CardItem> => cards.retire({ id });

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
export const ownersQuery = (id: string) =>
  queryOptions({ queryKey: rewardsKeys.owners(id), queryFn: ({ signal }) => fetchOwners(id, signal), staleTime: 30_000 });
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
