import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { CatalogueImportReport } from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { CATALOGUE_LOGGER } from '../catalogue.tokens';
import { AnimeRepository } from '../anime/anime.repository';
import { publishReimportedTitles } from '../anime/title-change';
import { CatalogueCacheInvalidator } from '../cache/catalogue-cache-invalidator';
import { toImportedAnime, type ImportedAnime } from './anime-record.mapper';
import { AnimeImportRepository, type UpsertCounts } from './anime-import.repository';
import { readNdjsonGz } from './ndjson-reader';
import {
  anidbTitlesRecordSchema,
  bgmCharactersRecordSchema,
  mergedAnimeRecordSchema,
  type AnidbTitlesRecord,
  type BgmCharactersRecord,
} from './source-records';

export const CATALOGUE_SOURCES = Symbol('CATALOGUE_SOURCES');

export interface CatalogueSources {
  dataDir: string;
  russianTitles: boolean;
}

export const SOURCE_FILES = {
  anime: 'anime_catalog_merged.ndjson.gz',
  anidbTitles: 'anidb_titles_2025-05-04.ndjson.gz',
  characters: 'bgm_characters_sachedule_0.1.554.ndjson.gz',
} as const;

const BATCH_SIZE = 1000;
const MAIN_ROLE = '主角';

type Skipped = CatalogueImportReport['skipped'];

/**
 * Loads the dataset of data/README.md. Idempotent: a row whose source did not change is not written;
 * a changed one is updated in place; a bad line is reported and skipped. Each batch is one
 * transaction, and a batch that fails is retried row by row, so nothing is ever half-written. The
 * titles the source changed are announced per batch (`catalogue.anime.reimported`), so copies
 * elsewhere (the community's lists) follow a re-import; new titles have no copies to update.
 */
@Injectable()
export class CatalogueImporter {
  constructor(
    private readonly repository: AnimeImportRepository,
    private readonly cache: CatalogueCacheInvalidator,
    private readonly anime: AnimeRepository,
    private readonly outbox: OutboxPublisher,
    @Inject(CATALOGUE_SOURCES) private readonly sources: CatalogueSources,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The import at boot: once per database, by one replica (the others wait on the lock, then find it
   * done). Until an import has run to its end it runs again, so one killed half-way is finished.
   */
  async importUnlessDone(): Promise<CatalogueImportReport | null> {
    return this.repository.withImportLock(async () => ((await this.repository.importFinished()) ? null : this.run()));
  }

  async importAll(): Promise<CatalogueImportReport> {
    return this.repository.withImportLock(() => this.run());
  }

  private async run(): Promise<CatalogueImportReport> {
    const started = Date.now();
    const report: CatalogueImportReport = { read: 0, inserted: 0, updated: 0, unchanged: 0, skipped: [] };
    const anidb = this.sources.russianTitles ? await this.readAnidbTitles(report.skipped) : new Map<number, AnidbTitlesRecord>();
    let batch: ImportedAnime[] = [];
    for await (const entry of readNdjsonGz(this.path(SOURCE_FILES.anime))) {
      report.read += 1;
      if ('error' in entry) {
        report.skipped.push({ line: entry.line, key: null, reason: entry.error });
        continue;
      }
      const parsed = mergedAnimeRecordSchema.safeParse(entry.value);
      if (!parsed.success) {
        report.skipped.push({ line: entry.line, key: keyOf(entry.value), reason: describeIssue(parsed.error.issues[0]) });
        continue;
      }
      const anidbId = Number(parsed.data.ids.anidb);
      batch.push(toImportedAnime(parsed.data, Number.isInteger(anidbId) ? anidb.get(anidbId) : undefined));
      if (batch.length === BATCH_SIZE) {
        await this.writeBatch(batch, report);
        batch = [];
      }
    }
    if (batch.length > 0) await this.writeBatch(batch, report);
    await this.importCharacters(report.skipped);
    if (report.inserted + report.updated > 0) await this.repository.refreshSearchIndexes();
    await this.cache.invalidate();
    this.outbox.afterCommit();
    await this.repository.recordFinished({ ...report, skipped: report.skipped.length });
    this.logger.info({ ...report, skipped: report.skipped.length, durationMs: Date.now() - started }, 'catalogue import finished');
    return report;
  }

  private async writeBatch(rows: ImportedAnime[], report: CatalogueImportReport): Promise<void> {
    try {
      this.count(report, rows.length, await this.write(rows));
    } catch {
      for (const row of rows) {
        try {
          this.count(report, 1, await this.write([row]));
        } catch (error) {
          report.skipped.push({ line: 0, key: row.source_key, reason: (error as Error).message });
        }
      }
    }
  }

  private write(rows: ImportedAnime[]): Promise<UpsertCounts> {
    return this.repository.transaction(async (manager) => {
      const counts = await this.repository.upsert(rows, manager);
      await publishReimportedTitles(this.outbox, this.anime, manager, counts.updatedIds);
      return counts;
    });
  }

  private count(report: CatalogueImportReport, size: number, counts: UpsertCounts) {
    report.inserted += counts.inserted;
    report.updated += counts.updatedIds.length;
    report.unchanged += size - counts.inserted - counts.updatedIds.length;
  }

  private async readAnidbTitles(skipped: Skipped): Promise<Map<number, AnidbTitlesRecord>> {
    const titles = new Map<number, AnidbTitlesRecord>();
    for await (const entry of readNdjsonGz(this.path(SOURCE_FILES.anidbTitles))) {
      const parsed = 'error' in entry ? null : anidbTitlesRecordSchema.safeParse(entry.value);
      if (parsed?.success) titles.set(parsed.data.anidb_id, parsed.data);
      else skipped.push({ line: entry.line, key: SOURCE_FILES.anidbTitles, reason: 'error' in entry ? entry.error : 'not an AniDB titles record' });
    }
    return titles;
  }

  /** Characters and voices of the few subjects that have them, linked through the bangumi.tv id. */
  private async importCharacters(skipped: Skipped): Promise<void> {
    const subjects: BgmCharactersRecord[] = [];
    for await (const entry of readNdjsonGz(this.path(SOURCE_FILES.characters))) {
      const parsed = 'error' in entry ? null : bgmCharactersRecordSchema.safeParse(entry.value);
      if (parsed?.success) subjects.push(parsed.data);
      else skipped.push({ line: entry.line, key: SOURCE_FILES.characters, reason: 'error' in entry ? entry.error : 'not a characters record' });
    }
    const animeIds = await this.repository.animeIdsByBangumiId(subjects.map((subject) => subject.bgm_id));
    for (const subject of subjects) {
      const animeId = animeIds.get(subject.bgm_id);
      if (animeId === undefined) continue;
      await this.repository.transaction(async (manager) => {
        for (const character of subject.characters) {
          const characterId = await this.repository.upsertNamed(manager, 'characters', {
            sourceKey: `bgm:${character.bgm_character_id}`,
            name: character.name_cn?.trim() || character.name,
            nameJa: character.name,
            image: httpsUrl(character.image),
          });
          await this.repository.linkCharacter(manager, animeId, characterId, character.role === MAIN_ROLE ? 'main' : 'supporting');
          for (const actor of character.actors ?? []) {
            const personId = await this.repository.upsertNamed(manager, 'people', {
              sourceKey: `bgm:${actor.bgm_person_id}`,
              name: actor.name,
              nameJa: actor.name,
              image: httpsUrl(actor.image),
            });
            await this.repository.linkVoice(manager, animeId, characterId, personId);
          }
        }
      });
    }
  }

  private path(file: string): string {
    return join(this.sources.dataDir, file);
  }
}

const httpsUrl = (value: string | null | undefined): string | null => (value ? value.replace(/^http:\/\//, 'https://') : null);

const keyOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string' ? (value as { key: string }).key : null;

const describeIssue = (issue: { path: PropertyKey[]; message: string } | undefined): string =>
  issue ? `${issue.path.map(String).join('.') || 'record'}: ${issue.message}` : 'invalid record';
