import type { AmvAdjacent, AmvItem, AmvLikeState, AmvPage, AmvPlaylist, AmvTop, AmvUpload, AmvViewState } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { apiRequest, apiUrl, readEnvelope } from '../../../shared/api/http-client';
import { operationsOf } from '../../../shared/api/operations-client';
import { handleUnauthorizedResponse } from '../../../shared/api/session-expiry';
import { API_STRINGS } from '../../../shared/api/strings';
import { tokenStorage } from '../../../shared/api/token-storage';

const amv = operationsOf('amv');
const playlist = operationsOf('amvPlaylist');

/**
 * The addresses of the gateway's own AMV routes (docs/api.md, «AMV»); the others are the declared
 * operations' (AMV_OPERATIONS, AMV_PLAYLIST_OPERATIONS).
 */
export const AMV_PATHS = {
  view: (id: string) => `/amv/${encodeURIComponent(id)}/view`,
  upload: '/amv/upload',
} as const;

/** The listing's filters: each sent only when set (SPEC.md section 7). */
export interface AmvFilters {
  letter?: string;
  page?: number;
  search?: string;
}

export const fetchAmvPage = ({ letter, page, search }: AmvFilters, signal?: AbortSignal): Promise<AmvPage> =>
  amv.list({ letter: letter || undefined, page: page && page > 1 ? page : undefined, search: search?.trim() || undefined }, { signal });

export const fetchAmvTop = (signal?: AbortSignal): Promise<AmvTop> => amv.top({}, { signal });
export const fetchAmv = (id: string, signal?: AbortSignal): Promise<AmvItem> => amv.get({ id }, { signal });
export const fetchAmvAdjacent = (id: string, signal?: AbortSignal): Promise<AmvAdjacent> => amv.adjacent({ id }, { signal });
export const setAmvLike = (id: string, liked: boolean): Promise<AmvLikeState> => (liked ? amv.like({ id }) : amv.unlike({ id }));
/** A route of the gateway's own: it names the viewer (the user, or a guest by address and browser). */
export const countAmvView = (id: string) => apiRequest<AmvViewState>(AMV_PATHS.view(id), { method: 'POST' });
export const fetchAmvPlaylist = (signal?: AbortSignal): Promise<AmvPlaylist> => playlist.get({}, { signal });
export const addToAmvPlaylist = (amvId: string): Promise<AmvPlaylist> => playlist.add({ amvId });
export const removeFromAmvPlaylist = (amvId: string): Promise<AmvPlaylist> => playlist.remove({ amvId });
export const reorderAmvPlaylist = (ids: string[]): Promise<AmvPlaylist> => playlist.reorder({ ids });

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
    response = await fetch(apiUrl(AMV_PATHS.upload), {
      method: 'POST',
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError(API_STRINGS.unreachable, null, 'NETWORK_ERROR');
  }
  if (response.status === 401) handleUnauthorizedResponse(AMV_PATHS.upload);
  return (await readEnvelope<AmvUpload>(response)).data;
}

export const createAmv = (draft: AmvDraft): Promise<AmvItem> => amv.create(draft);
/** Admin (PUT /amv/:id): only the fields given change. */
export const updateAmv = (id: string, change: Partial<AmvDraft>): Promise<AmvItem> => amv.update({ ...change, id });
export const deleteAmv = (id: string): Promise<{ id: string; deleted: true }> => amv.delete({ id });

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
