import { COMMUNITY_MESSAGES, ErrorCode, LIST_IMPORT_EVENT_CHUNK, type AuthenticatedUser } from '@portal/contracts';
import { libraryKit, type LibraryKit } from '../testing/library-test-kit';

/** A Shikimori export of these rates, one per line as Shikimori writes it. */
const shikimori = (...rates: Array<Record<string, unknown>>) =>
  `[\n${rates.map((rate) => `  ${JSON.stringify({ target_type: 'Anime', ...rate })}`).join(',\n')}\n]\n`;

/**
 * The import rules of ListFilesService, on fakes: which file entries are taken and why others are
 * skipped, what an entry becomes against the title's total, that importing twice changes nothing,
 * one event per chunk of changes, and the export's file. The parsers alone are files/*.spec.ts; the
 * whole path through the gateway is test/community/import-export.spec.ts.
 */
describe('ListFilesService', () => {
  let kit: LibraryKit;
  let viewer: AuthenticatedUser;

  beforeEach(() => {
    kit = libraryKit();
    viewer = kit.viewer('viewer');
    kit.titles.add(20, { episodes: 12 });
    kit.titles.add(21, { episodes: 24, idShiki: 5114 });
  });

  const imported = () => kit.outbox.published('community.list.imported');

  it('refuses what is neither export, an empty list, and a MAL file with a DOCTYPE', async () => {
    const fileError = (message: string) => ({ payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'file', message }] } });
    await expect(kit.files.import(viewer, undefined, 'title,status\nNaruto,watching')).rejects.toMatchObject(fileError(COMMUNITY_MESSAGES.fileUnreadable));
    await expect(kit.files.import(viewer, 'mal', shikimori({ target_id: 20, status: 'watching' }))).rejects.toMatchObject(
      fileError(COMMUNITY_MESSAGES.fileUnreadable),
    );
    await expect(kit.files.import(viewer, undefined, '\uFEFF[]')).rejects.toMatchObject(fileError(COMMUNITY_MESSAGES.fileEmpty));
    await expect(kit.files.import(viewer, undefined, '<!DOCTYPE x [<!ENTITY a "b">]><myanimelist></myanimelist>')).rejects.toMatchObject(
      fileError(COMMUNITY_MESSAGES.malDoctype),
    );
    expect(kit.entries.rows.size).toBe(0);
  });

  it('imports what it can and reports each skipped entry with its line and reason, in file order', async () => {
    const report = await kit.files.import(
      viewer,
      undefined,
      shikimori(
        { target_id: 20, target_title: 'Тетрадь', status: 'watching', episodes: 3 },
        { target_id: 1, target_type: 'Manga', target_title: 'Манга', status: 'completed' },
        { target_title: 'Без id', status: 'completed' },
        { target_id: 21, target_title: 'Странный статус', status: 'binging' },
        { target_id: 999, target_title: 'Нет в каталоге', status: 'planned' },
        { target_id: 5114, target_title: 'Через Shikimori id', status: 'planned' },
        { target_id: 21, target_title: 'Повтор', status: 'dropped' },
      ),
    );
    expect(report).toEqual({
      format: 'shikimori',
      imported: 2,
      updated: 0,
      unchanged: 0,
      skipped: [
        { line: 3, title: 'Манга', reason: COMMUNITY_MESSAGES.skipNotAnime },
        { line: 4, title: 'Без id', reason: COMMUNITY_MESSAGES.skipNoId },
        { line: 5, title: 'Странный статус', reason: COMMUNITY_MESSAGES.skipStatus },
        { line: 6, title: 'Нет в каталоге', reason: COMMUNITY_MESSAGES.skipNotInCatalogue },
        { line: 8, title: 'Повтор', reason: COMMUNITY_MESSAGES.skipDuplicate },
      ],
    });
    // The Shikimori id came first for title 21: the later line with its catalogue id is the duplicate.
    expect(kit.entries.get(viewer.id, 21)).toMatchObject({ status: 'planned' });
  });

  it('a completed entry gets the title’s total, another is capped at it; rewatches and the score are kept, 0 is no score', async () => {
    await kit.files.import(
      viewer,
      'shikimori',
      shikimori({ target_id: 20, status: 'completed', episodes: 3, rewatches: 2, score: 9 }, { target_id: 21, status: 'watching', episodes: 99, score: 0 }),
    );
    expect(kit.entries.get(viewer.id, 20)).toMatchObject({ status: 'completed', progress: 12, rewatches: 2, user_rating: 9 });
    expect(kit.entries.get(viewer.id, 21)).toMatchObject({ status: 'watching', progress: 24, rewatches: 0, user_rating: null });
    expect(imported()).toEqual([
      expect.objectContaining({
        userId: viewer.id,
        entries: [
          { animeId: 20, status: 'completed', previousStatus: null, progress: 12, rating: 9, previousRating: null },
          { animeId: 21, status: 'watching', previousStatus: null, progress: 24, rating: null, previousRating: null },
        ],
      }),
    ]);
  });

  it('importing the same file twice changes nothing the second time and tells nothing', async () => {
    const file = shikimori({ target_id: 20, status: 'completed', score: 8 }, { target_id: 21, status: 'on_hold', episodes: 5 });
    await kit.files.import(viewer, undefined, file);
    const again = await kit.files.import(viewer, undefined, file);
    expect(again).toMatchObject({ imported: 0, updated: 0, unchanged: 2 });
    expect(imported()).toHaveLength(1);
  });

  it('a file without a score keeps the entry’s rating; an entry already as the file says is unchanged and its title copy not stored', async () => {
    kit.entries.seed(viewer.id, 20, { status: 'watching', progress: 2, user_rating: 7 });
    kit.entries.seed(viewer.id, 21, { status: 'dropped', progress: 5 });
    const report = await kit.files.import(
      viewer,
      undefined,
      shikimori({ target_id: 20, status: 'watching', episodes: 6 }, { target_id: 21, status: 'dropped', episodes: 5 }),
    );
    expect(report).toMatchObject({ imported: 0, updated: 1, unchanged: 1 });
    expect(kit.entries.get(viewer.id, 20)).toMatchObject({ progress: 6, user_rating: 7 });
    expect(imported()[0].entries).toEqual([{ animeId: 20, status: 'watching', previousStatus: 'watching', progress: 6, rating: 7, previousRating: 7 }]);
    expect([...kit.titles.stored.keys()]).toEqual([20]);
  });

  it(`tells the changes in one event per ${LIST_IMPORT_EVENT_CHUNK} entries, all in one transaction`, async () => {
    const rates = Array.from({ length: LIST_IMPORT_EVENT_CHUNK + 1 }, (_, index) => {
      kit.titles.add(1000 + index);
      return { target_id: 1000 + index, status: 'planned' };
    });
    await kit.files.import(viewer, undefined, shikimori(...rates));
    expect(imported().map((event) => event.entries.length)).toEqual([LIST_IMPORT_EVENT_CHUNK, 1]);
    expect(kit.db.commits).toBe(1);
    expect(kit.outbox.nudges).toBe(1);
  });

  it('exports under a safe file name with the date, each title by its Shikimori id when it has one', async () => {
    kit.titles.stored.set(20, kit.titles.catalogue.get(20)!);
    kit.titles.stored.set(21, kit.titles.catalogue.get(21)!);
    kit.entries.seed(viewer.id, 20, { status: 'completed', progress: 12, user_rating: 8 });
    kit.entries.seed(viewer.id, 21, { status: 'rewatching', progress: 3, rewatches: 1 });
    const user = { id: viewer.id, username: 'ви/ewer 1' };
    const date = new Date().toISOString().slice(0, 10);

    const json = await kit.files.export(user, 'shikimori');
    expect(json).toMatchObject({ filename: `animelist____ewer_1_${date}.json`, contentType: 'application/json; charset=utf-8' });
    const rates = JSON.parse(json.body) as Array<{ target_id: number; status: string; score: number; rewatches: number }>;
    expect(rates.map(({ target_id, status, score, rewatches }) => ({ target_id, status, score, rewatches }))).toEqual([
      { target_id: 20, status: 'completed', score: 8, rewatches: 0 },
      { target_id: 5114, status: 'rewatching', score: 0, rewatches: 1 },
    ]);

    const xml = await kit.files.export(user, 'mal');
    expect(xml.filename).toBe(`animelist____ewer_1_${date}.xml`);
    expect(xml.body).toContain('<series_animedb_id>5114</series_animedb_id>');
  });
});
