import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CATALOGUE_MESSAGES, type Collection, type CollectionDetails } from '@portal/contracts';
import { ApiError } from '../../../shared/api/api-error';
import { apiRequest, type ApiPage, apiUrl, readEnvelope } from '../../../shared/api/http-client';
import { operationsOf } from '../../../shared/api/operations-client';
import { handleUnauthorizedResponse } from '../../../shared/api/session-expiry';
import { API_STRINGS } from '../../../shared/api/strings';
import { tokenStorage } from '../../../shared/api/token-storage';
import { catalogueKeys, nextPageOf } from './catalogue-api';

/** The server's cover rules, mirrored so a wrong file is refused before it is uploaded. */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
/** Page size of the public /collections page. */
export const COLLECTIONS_PAGE_SIZE = 24;

/** The Russian message for a cover the server would refuse, or null when the file is acceptable. */
export function coverProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(COVER_TYPES as readonly string[]).includes(file.type)) return CATALOGUE_MESSAGES.coverType;
  if (file.size > COVER_MAX_BYTES) return CATALOGUE_MESSAGES.coverTooLarge;
  return null;
}

export interface CollectionInput {
  title: string;
  description: string;
  featured: boolean;
  animeIds: number[];
  /** A new cover; without it the current cover is kept. */
  cover?: File | null;
}

/** The multipart body the gateway expects: text fields, animeIds as a JSON array, the optional `cover` file. */
export function collectionFormData(input: CollectionInput): FormData {
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('featured', input.featured ? 'true' : 'false');
  form.append('animeIds', JSON.stringify(input.animeIds));
  if (input.cover) form.append('cover', input.cover, input.cover.name);
  return form;
}

/**
 * Sends multipart/form-data with the stored bearer token. The browser sets Content-Type (with the
 * boundary) itself; the answer goes through the same envelope and ApiError handling as apiRequest.
 */
export async function sendMultipart<T>(endpoint: string, method: 'POST' | 'PUT', body: FormData): Promise<T> {
  const token = tokenStorage.getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(endpoint), { method, headers, body, credentials: 'include' });
  } catch {
    throw new ApiError(API_STRINGS.unreachable, null, 'NETWORK_ERROR');
  }
  if (response.status === 401) handleUnauthorizedResponse(endpoint);
  return (await readEnvelope<T>(response)).data;
}

const idPath = (id: number | string) => encodeURIComponent(String(id));

// Plain calls --------------------------------------------------------------------------------

const collections = operationsOf('collections');

export function fetchCollections(params: { page: number; limit: number }, signal?: AbortSignal): Promise<ApiPage<Collection>> {
  return collections.list(params, { signal });
}

export function fetchCollection(id: number | string, signal?: AbortSignal): Promise<CollectionDetails> {
  return collections.get({ id }, { signal });
}

export function createCollection(input: CollectionInput): Promise<CollectionDetails> {
  return sendMultipart<CollectionDetails>('/collections', 'POST', collectionFormData(input));
}

export function updateCollection(id: number, input: CollectionInput): Promise<CollectionDetails> {
  return sendMultipart<CollectionDetails>(`/collections/${idPath(id)}`, 'PUT', collectionFormData(input));
}

export function deleteCollection(id: number): Promise<void> {
  return apiRequest<void>(`/collections/${idPath(id)}`, { method: 'DELETE' });
}

// Query keys and options ---------------------------------------------------------------------

export const collectionKeys = {
  /** Every collection query, the home page's featured row included. */
  all: () => [...catalogueKeys.all, 'collections'] as const,
  list: (page: number, limit: number) => [...collectionKeys.all(), 'list', { page, limit }] as const,
  infiniteList: (limit: number) => [...collectionKeys.all(), 'list', 'infinite', { limit }] as const,
  details: (id: number | string) => [...collectionKeys.all(), 'details', String(id)] as const,
};

export const collectionsQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: collectionKeys.list(page, limit),
    queryFn: ({ signal }) => fetchCollections({ page, limit }, signal),
    placeholderData: keepPreviousData,
  });

/** Pages of /api/collections for useInfiniteQuery (the public /collections page). */
export const collectionsInfiniteQuery = (limit = COLLECTIONS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: collectionKeys.infiniteList(limit),
    queryFn: ({ pageParam, signal }) => fetchCollections({ page: pageParam, limit }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const collectionQuery = (id: number | string) =>
  queryOptions({ queryKey: collectionKeys.details(id), queryFn: ({ signal }) => fetchCollection(id, signal) });
