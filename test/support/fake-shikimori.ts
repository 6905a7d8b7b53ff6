import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for shikimori.one's REST API (v1) on a free local port, answering in its real response
 * shapes (field names as in Shikimori's serializers: AnimeProfileSerializer, PersonRoleSerializer,
 * VideoSerializer, ScreenshotSerializer, CharacterProfileSerializer). It records every request with
 * its User-Agent and time, and can be told to answer 429, 500 or 404, or to answer slowly.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  userAgent: string | undefined;
  /** Milliseconds since the epoch, when the request arrived. */
  at: number;
}

export interface FaultRule {
  /** Requests whose path matches (a RegExp, or an exact path). */
  path: RegExp | string;
  status: 404 | 429 | 500 | 502 | 503 | 403;
  /** How many matching requests get the fault (default: every one). */
  times?: number;
  /** Retry-After header of a 429, in seconds. */
  retryAfterSeconds?: number;
}

type Image = { original: string; preview: string; x96: string; x48: string };
type Entry = { id: number; name: string; russian: string | null; image: Image; url: string };

export interface FakeAnime {
  anime: Record<string, unknown> & { id: number; name: string; russian: string };
  roles: Array<{ roles: string[]; roles_russian: string[]; character: Entry | null; person: Entry | null }>;
  similar: number[];
  videos: Array<{ id: number; url: string; image_url: string; player_url: string; name: string | null; kind: string; hosting: string }>;
  screenshots: Array<{ original: string; preview: string }>;
}

export interface FakeShikimori {
  url: string;
  requests: RecordedRequest[];
  titles: Map<number, FakeAnime>;
  characters: Map<number, Entry & { japanese: string | null; seyu: Entry[] }>;
  /** Adds a fault; the first matching rule with times left answers. */
  fail: (rule: FaultRule) => void;
  /** Delays every answer whose path matches by `ms`. */
  slow: (path: RegExp | string, ms: number) => void;
  /** Forgets faults, delays and recorded requests. */
  reset: () => void;
  requestsTo: (path: RegExp | string) => RecordedRequest[];
  close: () => Promise<void>;
}

const image = (kind: 'animes' | 'characters' | 'people', id: number, version = 1700000000): Image => ({
  original: `/system/${kind}/original/${id}.jpg?${version}`,
  preview: `/system/${kind}/preview/${id}.jpg?${version}`,
  x96: `/system/${kind}/x96/${id}.jpg?${version}`,
  x48: `/system/${kind}/x48/${id}.jpg?${version}`,
});
const missing: Image = {
  original: '/assets/globals/missing_original.jpg',
  preview: '/assets/globals/missing_preview.jpg',
  x96: '/assets/globals/missing_x96.jpg',
  x48: '/assets/globals/missing_x48.jpg',
};

const character = (id: number, name: string, russian: string, slug: string): Entry => ({
  id,
  name,
  russian,
  image: image('characters', id),
  url: `/characters/${id}-${slug}`,
});
const person = (id: number, name: string, russian: string, slug: string, withImage = true): Entry => ({
  id,
  name,
  russian,
  image: withImage ? image('people', id) : missing,
  url: `/people/${id}-${slug}`,
});

const NARUTO = character(17, 'Naruto Uzumaki', 'Наруто Удзумаки', 'naruto-uzumaki');
const SASUKE = character(13, 'Sasuke Uchiha', 'Саскэ Утиха', 'sasuke-uchiha');
const SAKURA = character(145, 'Sakura Haruno', 'Сакура Харуно', 'sakura-haruno');
const KAKASHI = character(85, 'Kakashi Hatake', 'Какаси Хатакэ', 'kakashi-hatake');
const IRUKA = character(2007, 'Iruka Umino', 'Ирука Умино', 'iruka-umino');
const JUNKO = person(8, 'Junko Takeuchi', 'Дзюнко Такэути', 'junko-takeuchi');
const NORIAKI = person(869, 'Noriaki Sugiyama', 'Нориаки Сугияма', 'noriaki-sugiyama');
const CHIE = person(300, 'Chie Nakamura', 'Тиэ Накамура', 'chie-nakamura');
const MAILE = person(318, 'Maile Flanagan', 'Майл Фланаган', 'maile-flanagan', false);
const DIRECTOR = person(5143, 'Hayato Date', 'Хаято Датэ', 'hayato-date');
const AUTHOR = person(1879, 'Masashi Kishimoto', 'Масаси Кисимото', 'masashi-kishimoto');

const genre = (id: number, name: string, russian: string, kind = 'genre') => ({ id, name, russian, kind, entry_type: 'Anime' });

/** The fields of AnimeProfileSerializer, with Shikimori's own value conventions (score as a string, lists of names). */
function profile(fields: {
  id: number;
  name: string;
  russian: string;
  kind: string;
  score: string;
  status: string;
  episodes: number;
  episodes_aired: number;
  aired_on: string | null;
  released_on: string | null;
  english: string;
  japanese: string;
  synonyms: string[];
  duration: number;
  description: string;
  genres: Array<ReturnType<typeof genre>>;
  franchise: string;
}) {
  return {
    ...fields,
    image: image('animes', fields.id),
    url: `/animes/${fields.id}-${fields.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    rating: 'pg_13',
    english: [fields.english],
    japanese: [fields.japanese],
    license_name_ru: null,
    description_html: `<div class="b-text_with_paragraphs">${fields.description}</div>`,
    description_source: null,
    favoured: false,
    anons: fields.status === 'anons',
    ongoing: fields.status === 'ongoing',
    thread_id: 100000 + fields.id,
    topic_id: 100000 + fields.id,
    myanimelist_id: fields.id,
    rates_scores_stats: [
      { name: 10, value: 15000 },
      { name: 9, value: 9000 },
    ],
    rates_statuses_stats: [
      { name: 'Запланировано', value: 12000 },
      { name: 'Просмотрено', value: 150000 },
    ],
    updated_at: '2024-05-01T12:00:00.000+03:00',
    next_episode_at: null,
    fansubbers: [],
    fandubbers: ['AniDUB', '2x2'],
    licensors: [],
    studios: [{ id: 1, name: 'Studio Pierrot', filtered_name: 'Studio Pierrot', real: true, image: '/system/studios/original/1.png?1311292712' }],
    videos: [],
    screenshots: [],
    user_rate: null,
  };
}

const youtube = (id: number, code: string, name: string, kind: string) => ({
  id,
  url: `https://youtu.be/${code}`,
  image_url: `http://img.youtube.com/vi/${code}/hqdefault.jpg`,
  player_url: `http://youtube.com/embed/${code}`,
  name,
  kind,
  hosting: 'youtube',
});

const screenshot = (hash: string) => ({
  original: `/system/screenshots/original/${hash}.jpg?1433530432`,
  preview: `/system/screenshots/x332/${hash}.jpg?1433530432`,
});

const role = (roles: string[], roles_russian: string[], entry: { character?: Entry; person?: Entry }) => ({
  roles,
  roles_russian,
  character: entry.character ?? null,
  person: entry.person ?? null,
});

function defaultTitles(): Map<number, FakeAnime> {
  return new Map<number, FakeAnime>([
    [
      20,
      {
        anime: profile({
          id: 20,
          name: 'Naruto',
          russian: 'Наруто',
          kind: 'tv',
          score: '8.0',
          status: 'released',
          episodes: 220,
          episodes_aired: 220,
          aired_on: '2002-10-03',
          released_on: '2007-02-08',
          english: 'Naruto',
          japanese: 'ナルト',
          synonyms: ['NARUTO'],
          duration: 23,
          description:
            'За двенадцать лет до начала событий Девятихвостый Лис напал на Деревню Скрытого Листа. Четвёртый Хокаге ценой жизни запечатал демона в новорождённом [character=17]Наруто Удзумаки[/character].\r\n\r\n' +
            'Теперь [character=17]Наруто[/character] — шумный сирота, который мечтает стать Хокаге, а его товарищами по команде становятся [character=13]Саскэ[/character] и [character=145]Сакура[/character]. ' +
            '[spoiler=спойлер]Саскэ уйдёт из деревни.[/spoiler][source]ANN[/source]',
          genres: [
            genre(1, 'Action', 'Экшен'),
            genre(2, 'Adventure', 'Приключения'),
            genre(17, 'Martial Arts', 'Боевые искусства', 'theme'),
            genre(27, 'Shounen', 'Сёнен', 'demographic'),
            genre(543, 'Gourmet', 'Гурман'),
          ],
          franchise: 'naruto',
        }),
        roles: [
          role(['Main'], ['Main'], { character: NARUTO }),
          role(['Main'], ['Main'], { character: SASUKE }),
          role(['Main'], ['Main'], { character: SAKURA }),
          role(['Supporting'], ['Второстепенная'], { character: KAKASHI }),
          role(['Supporting'], ['Второстепенная'], { character: IRUKA }),
          role(['Director'], ['Режиссёр'], { person: DIRECTOR }),
          role(['Original Creator'], ['Автор оригинала'], { person: AUTHOR }),
        ],
        // 99998 is a title Shikimori knows and this catalogue does not.
        similar: [1735, 99998, 21],
        videos: [youtube(1050, '-G9BqkgZXRA', 'Opening 1 «R★O★C★K★S»', 'op'), youtube(1051, 'SRn99oN1p_c', 'PV', 'pv')],
        screenshots: [screenshot('4a0c5c9a3e0dbe5e4d1c7f6e2b8a1d3c'), screenshot('b3f1d2e4c5a6978877665544332211aa')],
      },
    ],
    [
      1735,
      {
        anime: profile({
          id: 1735,
          name: 'Naruto: Shippuuden',
          russian: 'Наруто: Ураганные хроники',
          kind: 'tv',
          score: '8.28',
          status: 'released',
          episodes: 500,
          episodes_aired: 500,
          aired_on: '2007-02-15',
          released_on: '2017-03-23',
          english: 'Naruto Shippuden',
          japanese: 'ナルト 疾風伝',
          synonyms: ['Naruto Hurricane Chronicles'],
          duration: 23,
          description:
            'Прошло два с половиной года. [character=17]Наруто[/character] возвращается в [[Коноха|Коноху]] после тренировок с [character=2423]Джирайей[/character], ' +
            'а [b]Акацуки[/b] начинают охоту на носителей хвостатых зверей.',
          genres: [genre(1, 'Action', 'Экшен'), genre(2, 'Adventure', 'Приключения'), genre(27, 'Shounen', 'Сёнен', 'demographic')],
          franchise: 'naruto',
        }),
        roles: [
          role(['Main'], ['Main'], { character: NARUTO }),
          role(['Main'], ['Main'], { character: SASUKE }),
          role(['Supporting'], ['Второстепенная'], { character: KAKASHI }),
        ],
        similar: [20],
        videos: [youtube(2001, 'aJRu5ltxXjc', "Opening 1 «Hero's Come Back!!»", 'op')],
        screenshots: [screenshot('c0ffee00c0ffee00c0ffee00c0ffee00')],
      },
    ],
  ]);
}

function defaultCharacters(): FakeShikimori['characters'] {
  const withVoices = (entry: Entry, japanese: string, seyu: Entry[]) => ({ ...entry, japanese, seyu });
  return new Map([
    [17, withVoices(NARUTO, 'うずまき ナルト', [JUNKO, MAILE])],
    [13, withVoices(SASUKE, 'うちは サスケ', [NORIAKI])],
    [145, withVoices(SAKURA, '春野 サクラ', [CHIE])],
    [85, withVoices(KAKASHI, 'はたけ カカシ', [])],
    [2007, withVoices(IRUKA, 'うみの イルカ', [])],
  ]);
}

const matches = (pattern: RegExp | string, path: string) => (typeof pattern === 'string' ? pattern === path : pattern.test(path));

export async function startFakeShikimori(): Promise<FakeShikimori> {
  const requests: RecordedRequest[] = [];
  const titles = defaultTitles();
  const characters = defaultCharacters();
  let faults: Array<FaultRule & { left: number }> = [];
  let delays: Array<{ path: RegExp | string; ms: number }> = [];

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };

  const answer = (path: string): { status: number; body: unknown } => {
    const anime = path.match(/^\/api\/animes\/(\d+)(?:\/(roles|similar|videos|screenshots))?$/);
    if (anime) {
      const title = titles.get(Number(anime[1]));
      if (!title) return { status: 404, body: { message: 'Страница не найдена', code: 404 } };
      switch (anime[2]) {
        case undefined:
          return { status: 200, body: { ...title.anime, videos: title.videos.slice(0, 2), screenshots: title.screenshots.slice(0, 2) } };
        case 'roles':
          return { status: 200, body: title.roles };
        case 'similar':
          return { status: 200, body: title.similar.map((id) => brief(id)) };
        case 'videos':
          return { status: 200, body: title.videos };
        case 'screenshots':
          return { status: 200, body: title.screenshots };
      }
    }
    const characterMatch = path.match(/^\/api\/characters\/(\d+)$/);
    if (characterMatch) {
      const found = characters.get(Number(characterMatch[1]));
      if (!found) return { status: 404, body: { message: 'Страница не найдена', code: 404 } };
      return {
        status: 200,
        body: {
          ...found,
          altname: null,
          description: null,
          description_html: '',
          description_source: null,
          favoured: false,
          thread_id: null,
          topic_id: null,
          updated_at: '2024-05-01T12:00:00.000+03:00',
          animes: [],
          mangas: [],
        },
      };
    }
    return { status: 404, body: { message: 'Страница не найдена', code: 404 } };
  };

  /** AnimeSerializer: what /similar lists. */
  const brief = (id: number) => {
    const title = titles.get(id)?.anime;
    return {
      id,
      name: title?.name ?? `Title ${id}`,
      russian: title?.russian ?? `Аниме ${id}`,
      image: image('animes', id),
      url: `/animes/${id}`,
      kind: 'tv',
      score: (title?.score as string) ?? '7.5',
      status: 'released',
      episodes: 12,
      episodes_aired: 12,
      aired_on: '2010-01-01',
      released_on: '2010-03-30',
    };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    requests.push({ method: request.method ?? 'GET', path, userAgent: request.headers['user-agent'], at: Date.now() });
    const delay = delays.find((rule) => matches(rule.path, path));
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms));
    const fault = faults.find((rule) => rule.left > 0 && matches(rule.path, path));
    if (fault) {
      fault.left -= 1;
      const headers: Record<string, string> = fault.retryAfterSeconds !== undefined ? { 'Retry-After': String(fault.retryAfterSeconds) } : {};
      return send(response, fault.status, { message: `fake fault ${fault.status}`, code: fault.status }, headers);
    }
    if (request.method !== 'GET') return send(response, 404, { message: 'Страница не найдена', code: 404 });
    const { status, body } = answer(path);
    send(response, status, body);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { message: 'fake server error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    titles,
    characters,
    fail: (rule) => faults.push({ ...rule, left: rule.times ?? Number.POSITIVE_INFINITY }),
    slow: (path, ms) => delays.push({ path, ms }),
    reset: () => {
      faults = [];
      delays = [];
      requests.length = 0;
    },
    requestsTo: (path) => requests.filter((request) => matches(path, request.path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The largest number of requests that started within any `windowMs` (a sliding window over the recorded times). */
export function maxInWindow(requests: RecordedRequest[], windowMs: number): number {
  const times = requests.map((request) => request.at).sort((a, b) => a - b);
  let max = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[end] - times[start] >= windowMs) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}
