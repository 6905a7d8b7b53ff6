import { queryOptions } from '@tanstack/react-query';
import type { AnimeCreate, AnimeDetails, RpcRequestOf, RpcResponseOf } from '@portal/contracts';
import { operationsOf } from '../../../shared/api/operations-client';
import { catalogueKeys } from './catalogue-api';

/** How often the edit dialog re-reads the title while its new background waits in the queue. */
export const BACKGROUND_POLL_MS = 2000;
/** Shikimori's screenshots are asked for directly (within the shared budget): keep them for a while. */
const BACKGROUND_IMAGES_STALE_MS = 5 * 60_000;

export type BackgroundImages = RpcResponseOf<'catalogue.images.search'>;
export type PostersQueued = RpcResponseOf<'catalogue.posters.update'>;
export type ParserRequest = RpcRequestOf<'catalogue.parser.parse'>;
export type ParserQueued = RpcResponseOf<'catalogue.parser.parse'>;

const animeAdmin = operationsOf('animeAdmin');
const metadata = operationsOf('catalogueMetadata');

// Plain calls (admins only) ------------------------------------------------------------------

/** Rejects with field errors (400) on bad input; `title` is the only required field. */
export function createAnime(body: AnimeCreate): Promise<AnimeDetails> {
  return animeAdmin.create(body);
}

export function deleteAnime(id: number): Promise<RpcResponseOf<'catalogue.anime.delete'>> {
  return animeAdmin.delete({ id });
}

/** Queues a Shikimori sync of every title that has a Shikimori id and no poster. */
export function updatePosters(): Promise<PostersQueued> {
  return metadata.updatePosters({});
}

/** Stores the title's Kodik id (when given) and queues its Shikimori sync; 404 when no title has that Shikimori id. */
export function parseTitle(body: ParserRequest): Promise<ParserQueued> {
  return metadata.parse(body);
}

export function fetchBackgroundImages(id: number, signal?: AbortSignal): Promise<BackgroundImages> {
  return metadata.searchImages({ id }, { signal });
}

/** Queues the background change (202): the title shows it once the job has run. */
export function setBackground(id: number, backgroundUrl: string): Promise<RpcResponseOf<'catalogue.images.set-background'>> {
  return metadata.setBackground({ id, backgroundUrl });
}

// Query keys and options ---------------------------------------------------------------------

export const animeAdminKeys = {
  backgroundImages: (id: number) => [...catalogueKeys.all, 'admin', 'images', String(id)] as const,
};

export const backgroundImagesQuery = (id: number) =>
  queryOptions({
    queryKey: animeAdminKeys.backgroundImages(id),
    queryFn: ({ signal }) => fetchBackgroundImages(id, signal),
    staleTime: BACKGROUND_IMAGES_STALE_MS,
  });
