import type { AmvAdjacent, AmvItem, AmvLikeState, AmvPage, AmvPlaylist, AmvTop, AmvUpload, AmvViewState } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { apiRequest, apiUrl, readEnvelope } from '../../../shared/api/http-client';
import { handleUnauthorizedResponse } from '../../../shared/api/session-expiry';
import { API_STRINGS } from '../../../shared/api/strings';
import { tokenStorage } from '../../../shared/api/token-storage';

/** Every address the AMV pages call (docs/api.md, «AMV»). */
export const AMV_PATHS = {
  list: '/amv',
  top: '/amv/top',
  search: '/amv/search',
  one: (id: string) => `/amv/${encodeURIComponent(id)}`,
  adjacent: (id: string) => `/amv/${encodeURIComponent(id)}/adjacent`,
  like: (id: string) => `/amv/${encodeURIComponent(id)}/like`,
  view: (id: string) => `/amv/${encodeURIComponent(id)}/view`,
  upload: '/amv/upload',
  playlist: '/users/me/amv-playlist',
  playlistItem: (id: string) => `/users/me/amv-playlist/${encodeURIComponent(id)}`,
} as const;

/** The listing's filters: each sent only when set (SPEC.md section 7). */
export interface AmvFilters {
  letter?: string;
  page?: number;
  search?: string;
}

export const fetchAmvPage = ({ letter, page, search }: AmvFilters, signal?: AbortSignal) =>
  apiRequest<AmvPage>(AMV_PATHS.list, { query: { letter: letter || undefined, page: page && page > 1 ? page : undefined, search: search?.trim() || undefined }, signal });

export const fetchAmvTop = (signal?: AbortSignal) => apiRequest<AmvTop>(AMV_PATHS.top, { signal });
export const fetchAmv = (id: string, signal?: AbortSignal) => apiRequest<AmvItem>(AMV_PATHS.one(id), { signal });
export const fetchAmvAdjacent = (id: string, signal?: AbortSignal) => apiRequest<AmvAdjacent>(AMV_PATHS.adjacent(id), { signal });
export const setAmvLike = (id: string, liked: boolean) => apiRequest<AmvLikeState>(AMV_PATHS.like(id), { method: liked ? 'POST' : 'DELETE' });
export const countAmvView = (id: string) => apiRequest<AmvViewState>(AMV_PATHS.view(id), { method: 'POST' });
export const fetchAmvPlaylist = (signal?: AbortSignal) => apiRequest<AmvPlaylist>(AMV_PATHS.playlist, { signal });
export const addToAmvPlaylist = (amvId: string) => apiRequest<AmvPlaylist>(AMV_PATHS.playlist, { method: 'POST', body: { amvId } });
export const removeFromAmvPlaylist = (amvId: string) => apiRequest<AmvPlaylist>(AMV_PATHS.playlistItem(amvId), { method: 'DELETE' });
export const reorderAmvPlaylist = (ids: string[]) => apiRequest<AmvPlaylist>(AMV_PATHS.playlist, { method: 'PUT', body: { ids } });

/** What an admin writes (POST /amv): the video is an uploaded file's id or a player link. */
export interface AmvDraft {
  title: string;
  author: string;
  durationSeconds: number;
  musicArtist: string | null;
  musicTrack: string | null;
  tags: string[];
  animeIds: number[];
  video: { uploadId: string } | { url: string };
}

/** Admin: sends the video as multipart (the browser sets the boundary); the envelope is read as apiRequest reads it. */
export async function uploadAmvVideo(file: File): Promise<AmvUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = tokenStorage.getToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(AMV_PATHS.upload), { method: 'POST', headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: form });
  } catch {
    throw new ApiError(API_STRINGS.unreachable, null, 'NETWORK_ERROR');
  }
  if (response.status === 401) handleUnauthorizedResponse(AMV_PATHS.upload);
  return (await readEnvelope<AmvUpload>(response)).data;
}

export const createAmv = (draft: AmvDraft) => apiRequest<AmvItem>(AMV_PATHS.list, { method: 'POST', body: draft });
/** Admin (PUT /amv/:id): only the fields given change. */
export const updateAmv = (id: string, change: Partial<AmvDraft>) => apiRequest<AmvItem>(AMV_PATHS.one(id), { method: 'PUT', body: change });
export const deleteAmv = (id: string) => apiRequest<{ id: string; deleted: true }>(AMV_PATHS.one(id), { method: 'DELETE' });

export const amvKeys = {
  all: ['amv'] as const,
  list: (filters: AmvFilters) => ['amv', 'list', filters.letter ?? '', filters.page ?? 1, filters.search?.trim() ?? ''] as const,
  top: ['amv', 'top'] as const,
  one: (id: string) => ['amv', 'one', id] as const,
  adjacent: (id: string) => ['amv', 'adjacent', id] as const,
  playlist: ['amv', 'playlist'] as const,
};

export const amvListQuery = (filters: AmvFilters) =>
  queryOptions({ queryKey: amvKeys.list(filters), queryFn: ({ signal }) => fetchAmvPage(filters, signal), staleTime: 30_000 });
export const amvTopQuery = () => queryOptions({ queryKey: amvKeys.top, queryFn: ({ signal }) => fetchAmvTop(signal), staleTime: 60_000 });
export const amvQuery = (id: string) => queryOptions({ queryKey: amvKeys.one(id), queryFn: ({ signal }) => fetchAmv(id, signal), staleTime: 30_000 });
export const amvAdjacentQuery = (id: string) =>
  queryOptions({ queryKey: amvKeys.adjacent(id), queryFn: ({ signal }) => fetchAmvAdjacent(id, signal), staleTime: 60_000 });
export const amvPlaylistQuery = () => queryOptions({ queryKey: amvKeys.playlist, queryFn: ({ signal }) => fetchAmvPlaylist(signal), staleTime: 30_000 });
