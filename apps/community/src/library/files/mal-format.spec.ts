import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ExportedEntry, ListFileEntry } from './list-file';
import { parseMal, writeMal } from './mal-format';

const FIXTURES = resolve(__dirname, '../../../../../test/fixtures/community');
const fixture = (name: string) => readFileSync(resolve(FIXTURES, name), 'utf8');

type Read = Pick<ListFileEntry, 'animeId' | 'status' | 'episodes' | 'score' | 'rewatches' | 'problem'>;
const read = (content: string): Read[] =>
  parseMal(content)!.map(({ animeId, status, episodes, score, rewatches, problem }) => ({ animeId, status, episodes, score, rewatches, problem }));

/** One <anime> of a MAL-shaped file with the given fields. */
const file = (...entries: Array<Record<string, string | number>>) =>
  `<myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>${entries
    .map(
      (fields) =>
        `<anime>${Object.entries({ series_animedb_id: 1535, ...fields })
          .map(([name, value]) => `<${name}>${value}</${name}>`)
          .join('')}</anime>`,
    )
    .join('')}</myanimelist>`;
const one = (fields: Record<string, string | number>) => read(file(fields))[0];

describe('MyAnimeList XML: Shikimori’s export', () => {
  it('reads shiki_status and my_rewatches: rewatches kept, a rewatch arrives as rewatching with its pass', () => {
    expect(read(fixture('shikimori-export.xml'))).toEqual([
      { animeId: 1535, status: 'completed', episodes: 37, score: 9, rewatches: 1, problem: null },
      // my_status Watching, shiki_status rewatching.
      { animeId: 5114, status: 'rewatching', episodes: 12, score: 10, rewatches: 2, problem: null },
      // my_status Completed, shiki_status Rewatching (as Shikimori's writer spells them).
      { animeId: 9253, status: 'rewatching', episodes: 5, score: 8, rewatches: 1, problem: null },
      { animeId: 16498, status: 'watching', episodes: 10, score: null, rewatches: 0, problem: null },
      { animeId: 1575, status: 'on_hold', episodes: 7, score: 6, rewatches: 0, problem: null },
      { animeId: 20, status: 'planned', episodes: 0, score: null, rewatches: 0, problem: null },
      { animeId: 30276, status: 'dropped', episodes: 3, score: 4, rewatches: 0, problem: null },
    ]);
  });

  it.each([
    ['Plan to Watch', 'planned'],
    ['planned', 'planned'],
    ['Watching', 'watching'],
    ['REWATCHING', 'rewatching'],
    [' rewatching ', 'rewatching'],
    ['Completed', 'completed'],
    ['On-Hold', 'on_hold'],
    ['on_hold', 'on_hold'],
    ['Dropped', 'dropped'],
  ])('shiki_status %j is %s, whatever my_status says', (shikiStatus, status) => {
    expect(one({ my_status: status === 'dropped' ? 'Watching' : 'Dropped', shiki_status: shikiStatus }).status).toBe(status);
  });

  it('without a shiki_status it knows, my_status decides (a MAL file, or a value of a later Shikimori)', () => {
    expect(one({ my_status: 'On-Hold', shiki_status: 'paused' }).status).toBe('on_hold');
    expect(one({ my_status: 'On-Hold', shiki_status: '' }).status).toBe('on_hold');
    expect(one({ my_status: 'nonsense', shiki_status: 'nonsense' })).toMatchObject({ status: null, problem: 'status' });
    // MAL's own rewatch: the flag on a completed entry, the pass in my_rewatching_ep.
    expect(one({ my_status: 'Completed', my_watched_episodes: 37, my_rewatching: 1, my_rewatching_ep: 4 })).toMatchObject({
      status: 'rewatching',
      episodes: 4,
    });
  });

  it('a rewatch count from my_times_watched (MAL, Shikimori today), else my_rewatches (Shikimori’s older export)', () => {
    expect(one({ my_status: 'Completed', my_rewatches: 3 }).rewatches).toBe(3);
    expect(one({ my_status: 'Completed', my_times_watched: 2 }).rewatches).toBe(2);
    expect(one({ my_status: 'Completed', my_times_watched: 2, my_rewatches: 3 }).rewatches).toBe(2);
    expect(one({ my_status: 'Completed', my_rewatches: -1 }).rewatches).toBe(0);
  });
});

describe('MyAnimeList XML export', () => {
  const entry = (overrides: Partial<ExportedEntry>): ExportedEntry => ({
    animeId: 1535,
    title: 'Death Note',
    kind: 'tv',
    totalEpisodes: 37,
    status: 'completed',
    progress: 37,
    score: 9,
    rewatches: 0,
    ...overrides,
  });
  const entries: ExportedEntry[] = [
    entry({ animeId: 1535, status: 'completed', rewatches: 1 }),
    entry({ animeId: 5114, totalEpisodes: 64, status: 'rewatching', progress: 12, score: 10, rewatches: 2 }),
    entry({ animeId: 16498, totalEpisodes: 25, status: 'watching', progress: 10, score: null }),
    entry({ animeId: 1575, totalEpisodes: 25, status: 'on_hold', progress: 7, score: 6 }),
    entry({ animeId: 20, totalEpisodes: 220, status: 'planned', progress: 0, score: null }),
    entry({ animeId: 30276, totalEpisodes: 12, status: 'dropped', progress: 3, score: 4 }),
  ];
  const xml = writeMal({ username: 'viewer' }, entries);
  const anime = (id: number) => xml.split('<anime>').find((block) => block.includes(`<series_animedb_id>${id}<`))!;

  it('writes a rewatch for MAL (completed, the flag, the pass) and for Shikimori (shiki_status Rewatching)', () => {
    expect(anime(5114)).toContain('<my_status>Completed</my_status>');
    expect(anime(5114)).toContain('<shiki_status>Rewatching</shiki_status>');
    expect(anime(5114)).toContain('<my_watched_episodes>64</my_watched_episodes>');
    expect(anime(5114)).toContain('<my_rewatching>1</my_rewatching>');
    expect(anime(5114)).toContain('<my_rewatching_ep>12</my_rewatching_ep>');
    expect(anime(5114)).toContain('<my_times_watched>2</my_times_watched>');
    expect(anime(1575)).toContain('<shiki_status>On-Hold</shiki_status>');
    expect(anime(20)).toContain('<shiki_status>Plan to Watch</shiki_status>');
  });

  it('reads back as the same list: status, episodes, score, rewatches', () => {
    expect(read(xml)).toEqual(
      entries.map((item) => ({
        animeId: item.animeId,
        status: item.status,
        episodes: item.progress,
        score: item.score,
        rewatches: item.rewatches,
        problem: null,
      })),
    );
  });
});
