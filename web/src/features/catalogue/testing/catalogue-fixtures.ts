import type { AnimeDetails, AnimeStats, AnimeSummary, Collection, Genre, MetadataSyncProgress, SearchHit, Suggestion } from '@portal/contracts';
import type { MockResponse } from '../../../test/mock-api';

/** Data of the catalogue tests and stories (stories/features/catalogue builds on it). Not part of the app bundle. */

/** A small SVG poster as a data URL: tests and stories run offline. */
export const svgPoster = (label: string, hue: number) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300"><rect width="200" height="300" fill="hsl(${hue} 45% 30%)"/><text x="100" y="160" font-size="22" fill="white" text-anchor="middle" font-family="sans-serif">${label}</text></svg>`,
  )}`;

/** An address that never loads (no internet): a poster, portrait or cover falls back to its placeholder. */
export const UNREACHABLE_IMAGE = 'https://posters.invalid/unreachable.jpg';

const TITLES = [
  'Стальной алхимик: Братство',
  'Атака титанов',
  'Врата Штейна',
  'Ковбой Бибоп',
  'Унесённые призраками',
  'Твоё имя',
  'Тетрадь смерти',
  'Наруто',
  'Ван-Пис',
  'Клинок, рассекающий демонов',
  'Магическая битва',
  'Моб Психо 100',
  'Евангелион',
  'Шпион × Семья',
  'Фрирен, провожающая в последний путь',
  'Вайолет Эвергарден',
];

export function animeSummary(id: number, overrides: Partial<AnimeSummary> = {}): AnimeSummary {
  const base = TITLES[(id - 1) % TITLES.length]!;
  return {
    id,
    idShiki: 5000 + id,
    title: id > TITLES.length ? `${base} ${Math.ceil(id / TITLES.length)}` : base,
    titleRomaji: `Anime Title ${id}`,
    kind: id % 5 === 0 ? 'movie' : 'tv',
    status: id % 4 === 0 ? 'ongoing' : 'completed',
    episodes: id % 5 === 0 ? 1 : 12 + (id % 3) * 12,
    year: 2000 + (id % 24),
    season: (['winter', 'spring', 'summer', 'fall'] as const)[id % 4]!,
    score: id % 7 === 0 ? null : Math.round((7 + ((id * 37) % 30) / 10) * 10) / 10,
    genres: ['action', 'drama'],
    poster: id % 6 === 0 ? UNREACHABLE_IMAGE : svgPoster(String(id), (id * 47) % 360),
    fallbackPoster: svgPoster(`№${id}`, 250),
    ...overrides,
  };
}

export const animeList = (count: number, from = 1): AnimeSummary[] => Array.from({ length: count }, (_, index) => animeSummary(from + index));

export function animeDetails(overrides: Partial<AnimeDetails> = {}): AnimeDetails {
  // As the server sends it: `title` is the Russian title when there is one.
  const summary = animeSummary(1, {
    title: 'Стальной алхимик: Братство',
    titleRomaji: 'Hagane no Renkinjutsushi: Fullmetal Alchemist',
    kind: 'tv',
    status: 'completed',
    episodes: 64,
    year: 2009,
    season: 'spring',
    score: 9.1,
    genres: ['action', 'adventure', 'drama', 'fantasy'],
    poster: UNREACHABLE_IMAGE,
    fallbackPoster: svgPoster('FMA', 20),
  });
  return {
    ...summary,
    _id: summary.id,
    titleRu: 'Стальной алхимик: Братство',
    titleEn: 'Fullmetal Alchemist: Brotherhood',
    titleJa: '鋼の錬金術師 FULLMETAL ALCHEMIST',
    synonyms: ['FMA:B'],
    description: 'Братья Элрики платят страшную цену за попытку вернуть мать.\nТеперь они ищут философский камень. <b>Без разметки</b>',
    imageUrl: summary.poster,
    background: null,
    rating: 9.1,
    releaseYear: 2009,
    series: 64,
    startDate: '2009-04-05',
    endDate: '2010-07-04',
    durationMinutes: 24,
    popularity: 1,
    officialSite: null,
    id_shiki: summary.idShiki,
    shikimori_score: 9.1,
    shikimori_status_ru: 'вышло',
    shikimori_season: 'spring_2009',
    shikimori_year: 2009,
    shikimori_duration_3: 24,
    shikimori_similar: animeList(4, 2),
    shikimori_videos: [
      { name: 'Трейлер', kind: 'pv', url: 'https://video.example/trailer', playerUrl: null },
      { name: null, kind: 'op', url: 'https://video.example/op1', playerUrl: null },
      { name: 'Опасная ссылка', kind: 'pv', url: 'javascript:alert(1)', playerUrl: null },
    ],
    characters: [
      {
        character: { id: 11, name: 'Edward Elric', nameRu: 'Эдвард Элрик', image: null },
        role: 'main',
        seiyuu: [{ id: 21, name: 'Romi Park', nameRu: 'Роми Паку', image: null }],
      },
      {
        character: { id: 12, name: 'Roy Mustang', nameRu: null, image: null },
        role: 'supporting',
        seiyuu: [],
      },
    ],
    metadataSyncedAt: '2024-03-01T00:00:00.000Z',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export const animeStats = (overrides: Partial<AnimeStats> = {}): AnimeStats => ({
  animeId: 1,
  statuses: { planned: 120, watching: 45, completed: 830, on_hold: 12, dropped: 9, rewatching: 4 },
  scores: { '10': 400, '9': 200, '8': 50 },
  votes: 650,
  averageScore: 9.4,
  ...overrides,
});

export const GENRE_LIST: Genre[] = [
  { slug: 'action', name: 'Экшен', nameEn: 'Action', animeCount: 420 },
  { slug: 'adventure', name: 'Приключения', nameEn: 'Adventure', animeCount: 300 },
  { slug: 'comedy', name: 'Комедия', nameEn: 'Comedy', animeCount: 510 },
  { slug: 'drama', name: 'Драма', nameEn: 'Drama', animeCount: 380 },
  { slug: 'fantasy', name: 'Фэнтези', nameEn: 'Fantasy', animeCount: 290 },
  { slug: 'romance', name: 'Романтика', nameEn: 'Romance', animeCount: 260 },
];

export const collection = (id: number, overrides: Partial<Collection> = {}): Collection => ({
  id,
  title: ['Лучшее десятилетия', 'Для первого знакомства', 'Смотреть всей семьёй'][(id - 1) % 3]!,
  description: 'Подборка редакции портала: тайтлы, которые стоит посмотреть.',
  cover: null,
  featured: true,
  animeCount: 10 + id,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...overrides,
});

export const suggestion = (anime: AnimeSummary, matchedName = anime.title): Suggestion => ({
  id: anime.id,
  title: anime.title,
  matchedName,
  year: anime.year,
  kind: anime.kind,
  poster: anime.poster,
  fallbackPoster: anime.fallbackPoster,
});

export const searchHit = (anime: AnimeSummary, relevance = 1): SearchHit => ({ ...anime, matchedName: anime.title, relevance });

/** A paginated answer: items in `data`, page, limit and total in `meta`. */
export const okPage = (items: unknown[], meta: { page: number; limit: number; total: number }): MockResponse => ({
  status: 200,
  body: { success: true, data: items, meta },
});

/** A fake /api/anime that pages through `total` titles (honours page and limit). */
export const pagedAnime =
  (total: number) =>
  ({ query }: { query: URLSearchParams }): MockResponse => {
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    const from = (page - 1) * limit + 1;
    const count = Math.max(0, Math.min(limit, total - from + 1));
    return okPage(animeList(count, from), { page, limit, total });
  };

/** The admin sync panel's queue: work in progress and two recent failures. */
export const SYNC_PROGRESS: MetadataSyncProgress = {
  waiting: 120,
  active: 4,
  delayed: 2,
  completed: 1874,
  failed: 3,
  syncedTitles: 750,
  titlesWithShikimoriId: 1000,
  recentFailures: [
    { jobId: 'job-1', shikimoriId: 5114, reason: 'Shikimori ответил 429: слишком много запросов', attempts: 3 },
    { jobId: 'job-2', shikimoriId: 9253, reason: 'Тайтл не найден на Shikimori', attempts: 1 },
  ],
};

/** The sync queue of an empty catalogue. */
export const SYNC_IDLE: MetadataSyncProgress = {
  waiting: 0,
  active: 0,
  delayed: 0,
  completed: 0,
  failed: 0,
  syncedTitles: 0,
  titlesWithShikimoriId: 0,
  recentFailures: [],
};
