import type {
  AnimeSummary,
  CharacterDetails,
  CharacterSummary,
  Collection,
  CollectionDetails,
  Genre,
  MetadataSyncProgress,
  SeiyuuDetails,
  Suggestion,
} from '@portal/contracts';
import { INITIAL_VIEWPORTS } from 'storybook/viewport';
import type { MockResponse } from '../../../web/src/test/mock-api';

/** Data of the genre, character, seiyuu, collection and admin stories (catalogue, part 2). */

/** A small SVG poster as a data URL: the stories render offline. */
export const svgPoster = (label: string, hue: number) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300"><rect width="200" height="300" fill="hsl(${hue} 45% 30%)"/><text x="100" y="160" font-size="22" fill="white" text-anchor="middle" font-family="sans-serif">${label}</text></svg>`,
  )}`;

/** An address that never loads: the image falls back to its generated poster. */
export const BROKEN_IMAGE = 'https://images.invalid/broken.jpg';

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

export function makeAnime(id: number, overrides: Partial<AnimeSummary> = {}): AnimeSummary {
  const title = TITLES[(id - 1) % TITLES.length] ?? `Аниме ${id}`;
  return {
    id,
    idShiki: 1000 + id,
    title: id > TITLES.length ? `${title} ${Math.ceil(id / TITLES.length)}` : title,
    titleRomaji: `Anime ${id}`,
    kind: id % 5 === 0 ? 'movie' : 'tv',
    status: 'completed',
    episodes: id % 5 === 0 ? 1 : 12 + (id % 4) * 12,
    year: 1998 + (id % 26),
    season: 'spring',
    score: id % 7 === 0 ? null : 7 + ((id * 37) % 30) / 10,
    genres: ['action'],
    poster: id % 6 === 0 ? BROKEN_IMAGE : svgPoster(String(id), (id * 47) % 360),
    fallbackPoster: svgPoster('Постер', 250),
    ...overrides,
  };
}

export const animeRange = (from: number, count: number) => Array.from({ length: count }, (_, index) => makeAnime(from + index));

/** A paginated answer: items in `data`, page, limit and total in `meta`. */
export const okPage = (items: unknown[], page: number, limit: number, total: number): MockResponse => ({
  status: 200,
  body: { success: true, data: items, meta: { page, limit, total } },
});

export const GENRES: Genre[] = [
  { slug: 'action', name: 'Экшен', nameEn: 'Action', animeCount: 30 },
  { slug: 'comedy', name: 'Комедия', nameEn: 'Comedy', animeCount: 12 },
  { slug: 'romance', name: 'Романтика', nameEn: 'Romance', animeCount: 0 },
];

const CHARACTER_NAMES: Array<[string, string | null]> = [
  ['Edward Elric', 'Эдвард Элрик'],
  ['Levi', 'Леви'],
  ['Rintarou Okabe', 'Ринтаро Окабэ'],
  ['Spike Spiegel', 'Спайк Шпигель'],
  ['Chihiro Ogino', 'Тихиро Огино'],
  ['Mitsuha Miyamizu', null],
  ['Light Yagami', 'Лайт Ягами'],
  ['Naruto Uzumaki', 'Наруто Узумаки'],
];

export function makeCharacter(id: number): CharacterSummary {
  const [name, nameRu] = CHARACTER_NAMES[(id - 1) % CHARACTER_NAMES.length] ?? ['Character', null];
  return { id, name, nameRu, image: id % 3 === 0 ? null : svgPoster(name.split(' ')[0] ?? '', (id * 61) % 360) };
}

export const charactersRange = (from: number, count: number) => Array.from({ length: count }, (_, index) => makeCharacter(from + index));

export const CHARACTER: CharacterDetails = {
  id: 11,
  name: 'Edward Elric',
  nameRu: 'Эдвард Элрик',
  nameJa: 'エドワード・エルリック',
  image: svgPoster('Эдвард', 30),
  description:
    'Младший в истории государственный алхимик по прозвищу «Стальной».\n\nВместе с братом Альфонсом ищет философский камень, чтобы вернуть утраченное. <b>Теги</b> в описании показываются как текст.',
  anime: [
    { anime: makeAnime(1), role: 'main' },
    { anime: makeAnime(17, { title: 'Стальной алхимик (2003)' }), role: 'main' },
    { anime: makeAnime(5), role: 'supporting' },
  ],
  seiyuu: [
    { id: 21, name: 'Romi Park', nameRu: 'Роми Паку', image: svgPoster('Роми', 200) },
    { id: 22, name: 'Vic Mignogna', nameRu: null, image: null },
  ],
};

export const SPARSE_CHARACTER: CharacterDetails = {
  id: 12,
  name: 'Unnamed Villager',
  nameRu: null,
  nameJa: null,
  image: null,
  description: null,
  anime: [],
  seiyuu: [],
};

export const SEIYUU: SeiyuuDetails = {
  id: 21,
  name: 'Romi Park',
  nameRu: 'Роми Паку',
  nameJa: '朴璐美',
  image: svgPoster('Роми', 200),
  roles: [
    { character: makeCharacter(1), anime: makeAnime(1) },
    { character: { id: 31, name: 'Hange Zoë', nameRu: 'Ханджи Зоэ', image: null }, anime: makeAnime(2) },
    { character: { id: 32, name: 'Temari', nameRu: 'Тэмари', image: BROKEN_IMAGE }, anime: makeAnime(8) },
  ],
};

export const COLLECTION: CollectionDetails = {
  id: 7,
  title: 'Лучшее для летнего вечера',
  description: 'Тёплые и светлые истории, которые хочется пересматривать.\nБез спешки, с чаем и открытым окном.',
  cover: svgPoster('Лето', 20),
  featured: true,
  animeCount: 12,
  anime: animeRange(1, 12),
  createdAt: '2024-06-01T00:00:00.000Z',
  updatedAt: '2024-06-02T00:00:00.000Z',
};

export const toCollection = ({ anime: _anime, ...collection }: CollectionDetails): Collection => collection;

export const COLLECTIONS: Collection[] = [
  toCollection(COLLECTION),
  { ...toCollection(COLLECTION), id: 8, title: 'Классика девяностых', featured: false, cover: null, animeCount: 5 },
  { ...toCollection(COLLECTION), id: 9, title: 'Для первого знакомства с аниме', featured: true, cover: BROKEN_IMAGE, animeCount: 21 },
];

export const SUGGESTIONS: Suggestion[] = [makeAnime(8), makeAnime(9), makeAnime(10)].map(({ id, title, year, kind, poster, fallbackPoster }) => ({
  id,
  title,
  matchedName: title,
  year,
  kind,
  poster,
  fallbackPoster,
}));

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

/** The page at 375 px (iPhone 6/7/8 in Storybook's viewport toolbar). */
export const MOBILE_375 = {
  parameters: { viewport: { options: INITIAL_VIEWPORTS } },
  globals: { viewport: { value: 'iphone6', isRotated: false } },
};
