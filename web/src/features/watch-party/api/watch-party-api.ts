import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { WatchPartyCreate, WatchPartyCreated, WatchPartyState } from '@portal/contracts';
import { operationsOf } from '../../../shared/api/operations-client';
import { episodesQuery, titleQuery } from '../../../shared/api/title-api';

/** REST of the watch party; the title and its episodes are the shared reads of shared/api/title-api. */
const watchParty = operationsOf('watchParty');

export const watchPartyKeys = {
  room: (roomId: string) => ['watch-party', 'room', roomId] as const,
};

export function createWatchParty(body: WatchPartyCreate): Promise<WatchPartyCreated> {
  return watchParty.create(body);
}

export function fetchWatchParty(roomId: string, signal?: AbortSignal): Promise<WatchPartyState> {
  return watchParty.get({ roomId }, { signal });
}

export const watchPartyRoomQuery = (roomId: string) =>
  queryOptions({ queryKey: watchPartyKeys.room(roomId), queryFn: ({ signal }) => fetchWatchParty(roomId, signal), retry: false, staleTime: Infinity });

/** The room as the server had it before the socket connects: answers "not found" early. */
export function useWatchPartyRoom(roomId: string, enabled: boolean) {
  return useQuery({ ...watchPartyRoomQuery(roomId), enabled });
}

export function useWatchPartyTitle(animeId: number | null) {
  return useQuery({ ...titleQuery(animeId ?? 0), enabled: animeId !== null });
}

export function useWatchPartyEpisodes(animeId: number | null) {
  return useQuery({ ...episodesQuery(animeId ?? 0), enabled: animeId !== null });
}

export function useCreateWatchParty() {
  return useMutation({ mutationFn: createWatchParty, retry: false });
}
