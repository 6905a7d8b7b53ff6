import { retryAfterMs } from './shikimori.client';
import { absoluteUrl, genreSlugs, toAnimeMetadata, toCharacters, toImages, toVideos, withSeiyuu } from './shikimori.mapper';
import { shikimoriAnimeSchema, shikimoriRolesSchema } from './shikimori.types';

const BASE = 'https://shikimori.one';

/** GET /api/animes/20 as Shikimori answers it (abridged). */
const naruto = shikimoriAnimeSchema.parse({
  id: 20,
  name: 'Naruto',
  russian: 'Наруто',
  image: { original: '/system/animes/original/20.jpg?1674378220', preview: '/system/animes/preview/20.jpg?1674378220' },
  url: '/animes/20-naruto',
  kind: 'tv',
  score: '7.99',
  status: 'released',
  episodes: 220,
  episodes_aired: 220,
  aired_on: '2002-10-03',
  released_on: '2007-02-08',
  rating: 'pg_13',
  english: ['Naruto'],
  japanese: ['ナルト'],
  synonyms: ['NARUTO'],
  license_name_ru: null,
  duration: 23,
  description: '[character=17]Наруто Удзумаки[/character] — юный ниндзя.[source]ANN[/source]',
  genres: [
    { id: 1, name: 'Action', russian: 'Экшен', kind: 'genre', entry_type: 'Anime' },
    { id: 27, name: 'Shounen', russian: 'Сёнен', kind: 'demographic', entry_type: 'Anime' },
    { id: 543, name: 'Gourmet', russian: 'Гурман', kind: 'genre', entry_type: 'Anime' },
  ],
  studios: [{ id: 1, name: 'Studio Pierrot' }],
});

describe('Shikimori responses to catalogue columns', () => {
  it('maps a title: Russian title, plain description, genre slugs, score, status, dates, absolute poster', () => {
    expect(toAnimeMetadata(naruto, BASE)).toEqual({
      title_ru: 'Наруто',
      title: 'Наруто',
      description: 'Наруто Удзумаки — юный ниндзя.',
      genres: ['action', 'shounen'],
      adult: false,
      score: 7.99,
      status: 'completed',
      episodes: 220,
      duration_minutes: 23,
      kind: 'tv',
      start_date: '2002-10-03',
      end_date: '2007-02-08',
      poster: 'https://shikimori.one/system/animes/original/20.jpg?1674378220',
    });
  });

  it('leaves out what Shikimori does not know yet instead of blanking it', () => {
    const announced = shikimoriAnimeSchema.parse({
      id: 59999,
      name: 'Future',
      russian: '',
      kind: 'tv_special',
      score: '0.0',
      status: 'anons',
      episodes: 0,
      duration: 0,
      aired_on: null,
      released_on: null,
      description: null,
      genres: [],
      image: { original: '/assets/globals/missing_original.jpg' },
    });
    expect(toAnimeMetadata(announced, BASE)).toEqual({ status: 'announced', kind: 'special' });
  });

  it('maps statuses and kinds onto ours and marks adult titles', () => {
    const ongoing = toAnimeMetadata(
      shikimoriAnimeSchema.parse({ id: 1, name: 'x', status: 'ongoing', kind: 'ona', rating: 'rx', genres: [{ id: 12, name: 'Hentai' }] }),
      BASE,
    );
    expect(ongoing).toMatchObject({ status: 'ongoing', kind: 'ona', genres: ['hentai'], adult: true });
    expect(toAnimeMetadata(shikimoriAnimeSchema.parse({ id: 2, name: 'y', kind: 'pv' }), BASE).kind).toBeUndefined();
  });

  it('knows genres by their English name, case-insensitively, and ignores unknown ones', () => {
    expect(
      genreSlugs([
        { id: 1, name: 'slice of life' },
        { id: 2, name: 'Sci-Fi' },
        { id: 3, name: 'Boys Love' },
        { id: 4, name: 'Avant Garde' },
      ]),
    ).toEqual(['slice-of-life', 'sci-fi', 'shounen-ai']);
  });

  it('makes relative, protocol-relative and http links absolute https ones; placeholders are no image', () => {
    expect(absoluteUrl('/system/characters/original/17.jpg?1', BASE)).toBe('https://shikimori.one/system/characters/original/17.jpg?1');
    expect(absoluteUrl('//img.youtube.com/vi/x/hqdefault.jpg', BASE)).toBe('https://img.youtube.com/vi/x/hqdefault.jpg');
    expect(absoluteUrl('http://youtube.com/embed/x', BASE)).toBe('https://youtube.com/embed/x');
    expect(absoluteUrl('/system/x.jpg', 'http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000/system/x.jpg');
    expect(absoluteUrl('/assets/globals/missing_original.jpg', BASE)).toBeNull();
    expect(absoluteUrl('javascript:alert(1)', BASE)).toBeNull();
    expect(absoluteUrl(null, BASE)).toBeNull();
  });

  it('reads characters and their role from /roles, skips staff, and pairs a person given with a character', () => {
    const roles = shikimoriRolesSchema.parse([
      {
        roles: ['Supporting'],
        roles_russian: ['Второстепенная'],
        character: {
          id: 85,
          name: 'Kakashi Hatake',
          russian: 'Какаси Хатакэ',
          image: { original: '/system/characters/original/85.jpg' },
          url: '/characters/85',
        },
        person: null,
      },
      {
        roles: ['Main'],
        roles_russian: ['Main'],
        character: {
          id: 17,
          name: 'Naruto Uzumaki',
          russian: 'Наруто Удзумаки',
          image: { original: '/system/characters/original/17.jpg' },
          url: '/characters/17',
        },
        person: null,
      },
      {
        roles: ['Director'],
        roles_russian: ['Режиссёр'],
        character: null,
        person: { id: 5143, name: 'Hayato Date', russian: 'Хаято Датэ', image: { original: '/system/people/original/5143.jpg' }, url: '/people/5143' },
      },
      {
        roles: ['Main'],
        roles_russian: ['Main'],
        character: { id: 13, name: 'Sasuke Uchiha', russian: 'Саскэ Утиха', image: null },
        person: { id: 869, name: 'Noriaki Sugiyama', russian: 'Нориаки Сугияма', image: null },
      },
    ]);
    const characters = toCharacters(roles, BASE);
    expect(characters.map((character) => [character.shikimoriId, character.role, character.nameRu])).toEqual([
      [17, 'main', 'Наруто Удзумаки'],
      [13, 'main', 'Саскэ Утиха'],
      [85, 'supporting', 'Какаси Хатакэ'],
    ]);
    expect(characters[0].image).toBe('https://shikimori.one/system/characters/original/17.jpg');
    expect(characters[1].seiyuu).toEqual([{ shikimoriId: 869, name: 'Noriaki Sugiyama', nameRu: 'Нориаки Сугияма', image: null }]);
    expect(characters[0].seiyuu).toEqual([]);
  });

  it('adds the voices of a character looked up on its own', () => {
    const [naruto17] = toCharacters(
      shikimoriRolesSchema.parse([{ roles: ['Main'], character: { id: 17, name: 'Naruto Uzumaki', russian: null }, person: null }]),
      BASE,
    );
    const withVoices = withSeiyuu(
      naruto17,
      {
        id: 17,
        name: 'Naruto Uzumaki',
        russian: 'Наруто Удзумаки',
        seyu: [{ id: 8, name: 'Junko Takeuchi', russian: 'Дзюнко Такэути', image: { original: '/system/people/original/8.jpg' } }],
      },
      BASE,
    );
    expect(withVoices.nameRu).toBe('Наруто Удзумаки');
    expect(withVoices.seiyuu).toEqual([
      { shikimoriId: 8, name: 'Junko Takeuchi', nameRu: 'Дзюнко Такэути', image: 'https://shikimori.one/system/people/original/8.jpg' },
    ]);
  });

  it('keeps videos as name, kind, url and player url; screenshots as absolute original and preview', () => {
    expect(
      toVideos(
        [
          {
            id: 1,
            url: 'https://youtu.be/abc',
            image_url: 'http://img.youtube.com/vi/abc/hqdefault.jpg',
            player_url: 'http://youtube.com/embed/abc',
            name: 'PV 1',
            kind: 'pv',
            hosting: 'youtube',
          },
        ],
        BASE,
      ),
    ).toEqual([{ name: 'PV 1', kind: 'pv', url: 'https://youtu.be/abc', player_url: 'https://youtube.com/embed/abc' }]);
    expect(toImages([{ original: '/system/screenshots/original/a.jpg?1', preview: '/system/screenshots/x332/a.jpg?1' }], BASE)).toEqual([
      { original: 'https://shikimori.one/system/screenshots/original/a.jpg?1', preview: 'https://shikimori.one/system/screenshots/x332/a.jpg?1' },
    ]);
  });

  it('reads Retry-After as seconds or as a date, capped at a minute', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('3600')).toBe(60_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
    expect(retryAfterMs(inTwoSeconds)).toBeGreaterThan(0);
  });
});
