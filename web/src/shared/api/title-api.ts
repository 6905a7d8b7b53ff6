import { hashKey, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  CONTINUE_ROW_SIZE,
  type AnimeDetails,
  type AnimeEpisodes,
  type AnimeListEntry,
  type ListStatusUpdate,
  type ProgressPoint,
  type Suggestion,
  type TrackChoice,
  type TrackKind,
} from '@portal/contracts';
import { announceCardRewardOf } from '../events/card-reward';
import { apiRequest } from './http-client';
import { operationsOf } from './operations-client';

const anime = operationsOf('anime');
const episodes = operationsOf('episodes');
const progress = operationsOf('progress');
/** The viewer's voice-over and subtitles per title (TRACK_CHOICE_OPERATIONS): GET and PUT /anime/:animeId/tracks. */
const trackChoices = operationsOf('trackChoices');

/**
 * Addresses and reads of a title that several features use (the player, the TV mode, the watch party,
 * the lists): one place for each address, and one cache entry per title however many features show it.
 * The title, its episodes, the suggestions and the progress reads are declared operations
 * (operationsOf('anime'), operationsOf('episodes'), operationsOf('progress')).
 */
export const TITLE_PATHS = {
  listStatus: '/users/anime/status',
  listEntry: (animeId: number | string) => `/users/anime/${encodeURIComponent(String(animeId))}`,
  /** The player's saves (POST), which the gateway coalesces. */
  progress: '/progress',
} as const;

/**
 * The cache roots under which features keep a viewer's lists (the library controls, the profile): every
 * list change (a status, a rating, a watched episode, an import) refreshes them all with invalidateListViews.
 */
export const LIST_QUERY_ROOTS = { library: ['library'], profile: ['profile'] } as const;

/**
 * Refreshes every view of the viewer's lists (every root of LIST_QUERY_ROOTS) after a list change:
 * the views on screen are read again, the others on their next showing. `except` is the one query the
 * caller has just written from the server's answer: it is neither marked stale nor read again.
 */
export function invalidateListViews(queryClient: QueryClient, { except }: { except?: QueryKey } = {}): Promise<void> {
  const skipped = except ? hashKey(except) : null;
  const predicate = skipped === null ? undefined : (query: { queryKey: QueryKey }) => hashKey(query.queryKey) !== skipped;
  return Promise.all(Object.values(LIST_QUERY_ROOTS).map((queryKey) => queryClient.invalidateQueries({ queryKey, predicate }))).then(() => undefined);
}

/**
 * PUT /users/anime/status: sets the status or progress, adds the title, or records one watched episode (the
 * library's controls, the player). An answer that granted a card (`cardReward`, `cardGrantId`) announces it
 * to the reward card dialog.
 */
export async function putListStatus(body: ListStatusUpdate): Promise<AnimeListEntry> {
  const entry = await apiRequest<AnimeListEntry>(TITLE_PATHS.listStatus, { method: 'PUT', body });
  announceCardRewardOf(entry);
  return entry;
}

export const titleKeys = {
  anime: (animeId: number | string) => ['title', String(animeId)] as const,
  episodes: (animeId: number | string) => ['title', String(animeId), 'episodes'] as const,
  /** Under the library root: every list change (a watched episode, an import) refreshes it. */
  listEntry: (animeId: number | string) => [...LIST_QUERY_ROOTS.library, 'entry', String(animeId)] as const,
  /** Under the library root too: a list change or a dismissed card refreshes it on the site and on the TV. */
  continueWatching: (limit: number) => [...LIST_QUERY_ROOTS.library, 'continue', limit] as const,
  /** One episode's saved point, or without `episode` the title's latest one. */
  progress: (animeId: number | string, episode?: number) => ['progress', String(animeId), episode ?? 'latest'] as const,
  /** Under the catalogue's root: its refresh after an admin's edit of a title reaches the suggestions too. */
  suggest: (q: string, limit?: number) => ['catalogue', 'suggest', q, limit ?? null] as const,
};

/**
 * The title's page (the catalogue's anime page, the player, the TV, the watch party): one cache entry,
 * which the admin's edit overwrites and the admin's delete removes. Fresh for the app's default minute.
 */
export const titleQuery = (animeId: number | string) =>
  queryOptions({
    queryKey: titleKeys.anime(animeId),
    queryFn: ({ signal }): Promise<AnimeDetails> => anime.get({ id: animeId }, { signal }),
  });

/** The title's episodes, ordered by number once here: every reader of the cache gets them in order. */
export const episodesQuery = (animeId: number | string) =>
  queryOptions({
    queryKey: titleKeys.episodes(animeId),
    queryFn: async ({ signal }): Promise<AnimeEpisodes> => {
      const data = await episodes.list({ animeId }, { signal });
      return { ...data, episodes: [...data.episodes].sort((a, b) => a.number - b.number) };
    },
    staleTime: 5 * 60_000,
  });

/** The viewer's entry for the title (the library's controls, the player's watched marks), or null when it is not listed. */
export const listEntryQuery = (animeId: number | string) =>
  queryOptions({
    queryKey: titleKeys.listEntry(animeId),
    queryFn: async ({ signal }) => (await apiRequest<AnimeListEntry | null>(TITLE_PATHS.listEntry(animeId), { signal })) ?? null,
  });

/** Always read again: the viewer has usually just come back from the player. */
export const continueWatchingQuery = (limit = CONTINUE_ROW_SIZE) =>
  queryOptions({
    queryKey: titleKeys.continueWatching(limit),
    queryFn: ({ signal }) => progress.continue({ limit }, { signal }),
    staleTime: 0,
  });

/** The saved point of one episode, or without `episode` the latest point of the title; null when none. */
export async function fetchProgress(animeId: number | string, episode?: number, signal?: AbortSignal): Promise<ProgressPoint | null> {
  const point = await progress.get({ animeId, episode }, { signal });
  return point ?? null;
}

/** Always fresh: the point may have moved on another device a minute ago (the site's and the TV's "Продолжить", the player). */
export const progressQuery = (animeId: number | string, episode?: number) =>
  queryOptions({
    queryKey: titleKeys.progress(animeId, episode),
    queryFn: ({ signal }) => fetchProgress(animeId, episode, signal),
    staleTime: 0,
  });

/** GET /anime/suggest: the titles matching `q` (the catalogue's search box, the title picker). */
export function suggestAnime(q: string, limit?: number, signal?: AbortSignal): Promise<Suggestion[]> {
  return anime.suggest({ q, limit }, { signal });
}

export const suggestAnimeQuery = (q: string, limit?: number) =>
  queryOptions({
    queryKey: titleKeys.suggest(q, limit),
    queryFn: ({ signal }) => suggestAnime(q, limit, signal),
    enabled: q.trim().length > 0,
    staleTime: 5 * 60_000,
  });

// The viewer's voice-over and subtitles (the player's and the TV's menu, the watch party's host) ----------

export const trackChoiceKeys = {
  title: (animeId: number) => ['player', 'tracks', animeId] as const,
};

/**
 * A signed-in viewer's choice for a title: read once per title while the app runs (the next episode
 * reads the cache, which every save updates from the server's answer).
 */
export const trackChoiceQuery = (animeId: number) =>
  queryOptions({
    queryKey: trackChoiceKeys.title(animeId),
    queryFn: ({ signal }): Promise<TrackChoice> => trackChoices.get({ animeId }, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Remembers the viewer's pick (`name: null` turns subtitles off); answers the title's choice. */
export const chooseTrack = (body: { animeId: number; kind: TrackKind; name: string | null }): Promise<TrackChoice> => trackChoices.choose(body);
