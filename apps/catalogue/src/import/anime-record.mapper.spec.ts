import { toImportedAnime } from './anime-record.mapper';
import { mergedAnimeRecordSchema } from './source-records';

const record = (fields: Record<string, unknown>) => mergedAnimeRecordSchema.parse({ ids: {}, sources: [], ...fields });

describe('dataset record to catalogue row', () => {
  it('keeps the MyAnimeList id as the catalogue id for the canonical row only', () => {
    expect(toImportedAnime(record({ key: 'myanimelist:20', title: 'Naruto', ids: { myanimelist: 20, shikimori: 20 } }), undefined)).toMatchObject({
      id: 20,
      id_shiki: 20,
    });
    expect(toImportedAnime(record({ key: 'myanimelist:20#2', title: 'Naruto', ids: { myanimelist: 20 } }), undefined)).toMatchObject({
      id: null,
      id_shiki: 20,
    });
    expect(toImportedAnime(record({ key: 'anidb:1', title: 'X' }), undefined)).toMatchObject({ id: null, id_shiki: null });
  });

  it('takes the Russian title and synonyms from AniDB, without repeating the main names', () => {
    const row = toImportedAnime(record({ key: 'myanimelist:16498', title: 'Shingeki no Kyojin', title_ja: '進撃の巨人' }), {
      anidb_id: 9541,
      ru: 'Атака титанов',
      en: 'Attack on Titan',
      titles: [
        { type: 'official', lang: 'en', title: 'Attack on Titan' },
        { type: 'synonym', lang: 'x-jat', title: 'Shingeki no Kyojin S1' },
        { type: 'official', lang: 'de', title: 'Angriff auf Titan' },
        { type: 'synonym', lang: 'ru', title: 'Вторжение гигантов' },
      ],
    });
    expect(row).toMatchObject({
      title: 'Атака титанов',
      title_ru: 'Атака титанов',
      title_romaji: 'Shingeki no Kyojin',
      title_en: 'Attack on Titan',
      title_ja: '進撃の巨人',
    });
    expect(row.synonyms).toEqual(['Shingeki no Kyojin S1', 'Вторжение гигантов']);
  });

  it('title-cases an English title the source kept in lower case', () => {
    expect(toImportedAnime(record({ key: 'k:1', title: 'X', title_en: 'attack on titan: final' }), undefined).title_en).toBe('Attack On Titan: Final');
  });

  it('maps kinds, statuses, seasons and MAL genres, and marks adult genres', () => {
    const row = toImportedAnime(
      record({ key: 'k:2', title: 'X', type: 'OVA', status: 'UPCOMING', season: 'FALL', genres: ['Slice of Life', 'Hentai', 'Unknown'] }),
      undefined,
    );
    expect(row).toMatchObject({ kind: 'ova', status: 'announced', season: 'fall', genres: ['slice-of-life', 'hentai'], adult: true });
    expect(toImportedAnime(record({ key: 'k:3', title: 'X' }), undefined)).toMatchObject({ status: 'completed', kind: null, adult: false });
  });

  it("counts bangumi.tv's episode lists (main episodes only) and treats 0 as unknown", () => {
    expect(toImportedAnime(record({ key: 'k:4', title: 'X', episodes: [{ type: 0 }, { type: 0 }, { type: 1 }] }), undefined).episodes).toBe(2);
    expect(toImportedAnime(record({ key: 'k:5', title: 'X', episodes: 0 }), undefined).episodes).toBeNull();
  });

  it('keeps only https URLs (http upgraded) and the day of dates', () => {
    const row = toImportedAnime(
      record({ key: 'k:6', title: 'X', poster: 'http://lain.bgm.tv/a.jpg', official_site: 'javascript:alert(1)', start_date: '2002-10-03T09:30:00.000Z' }),
      undefined,
    );
    expect(row).toMatchObject({ poster: 'https://lain.bgm.tv/a.jpg', official_site: null, start_date: '2002-10-03' });
  });

  it('hashes what the source gave, so an unchanged row is recognised and a changed one is not', () => {
    const a = toImportedAnime(record({ key: 'k:7', title: 'X', episodes: 12 }), undefined);
    expect(toImportedAnime(record({ key: 'k:7', title: 'X', episodes: 12 }), undefined).source_hash).toBe(a.source_hash);
    expect(toImportedAnime(record({ key: 'k:7', title: 'X', episodes: 13 }), undefined).source_hash).not.toBe(a.source_hash);
  });
});
