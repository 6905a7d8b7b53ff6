import { Injectable } from '@nestjs/common';
import {
  COMMUNITY_MESSAGES,
  LIST_IMPORT_EVENT_CHUNK,
  type AuthenticatedUser,
  type ListFileFormat,
  type ListImportReport,
  type TitleRef,
} from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import type { ExportedEntry, ListFileEntry } from '../files/list-file';
import { parseMal, writeMal } from '../files/mal-format';
import { parseShikimori, writeShikimori } from '../files/shikimori-format';
import { type ImportedEntry, ListEntriesRepository } from '../list-entries.repository';

const SKIP_REASON = {
  id: COMMUNITY_MESSAGES.skipNoId,
  status: COMMUNITY_MESSAGES.skipStatus,
  kind: COMMUNITY_MESSAGES.skipNotAnime,
} as const;

/** The largest value of the columns' type (PostgreSQL integer): a file's absurd count is capped, not a failed write. */
const COUNT_MAX = 2_147_483_647;

/** What an imported entry becomes: the file's status, episodes, rewatches and (when it has one) score. */
function importedEntry(entry: ListFileEntry, ref: TitleRef): ImportedEntry {
  const total = ref.episodes && ref.episodes > 0 ? ref.episodes : null;
  const status = entry.status!;
  const progress = status === 'completed' && total ? total : Math.min(entry.episodes, total ?? COUNT_MAX);
  return { animeId: ref.id, status, progress, watchedEpisodes: [], rewatches: Math.min(entry.rewatches, COUNT_MAX), userRating: entry.score };
}

/** Import and export of a whole list in MyAnimeList's and Shikimori's formats. */
@Injectable()
export class ListFilesService {
  constructor(
    private readonly entries: ListEntriesRepository,
    private readonly refs: AnimeRefsService,
    private readonly outbox: OutboxPublisher,
  ) {}

  /**
   * Matches the file's entries with the catalogue by id and writes them in one transaction, with one
   * event per LIST_IMPORT_EVENT_CHUNK changed entries. An entry already as the file says is left
   * alone, so importing a file twice changes nothing the second time.
   */
  async import(user: AuthenticatedUser, format: ListFileFormat | undefined, content: string): Promise<ListImportReport> {
    const text = content.replace(/^\uFEFF/, '');
    const chosen = format ?? sniff(text);
    const parsed = chosen === 'mal' ? parseMal(text) : chosen === 'shikimori' ? parseShikimori(text) : null;
    if (!chosen || !parsed) throw RpcError.validation([{ field: 'file', message: COMMUNITY_MESSAGES.fileUnreadable }]);
    if (parsed.length === 0) throw RpcError.validation([{ field: 'file', message: COMMUNITY_MESSAGES.fileEmpty }]);

    const skipped: ListImportReport['skipped'] = [];
    const skip = (entry: ListFileEntry, reason: string) => skipped.push({ line: entry.line, title: entry.title, reason });
    const readable = parsed.filter((entry) => (entry.problem ? (skip(entry, SKIP_REASON[entry.problem]), false) : true));
    // Looked up without storing: the copies of the titles an import adds are stored in its transaction.
    const found = await this.refs.peekMany(readable.map((entry) => entry.animeId!));
    const titles = new Map([...found.values()].map((ref) => [ref.id, ref]));
    const wanted = new Map<number, ImportedEntry>();
    for (const entry of readable) {
      const ref = found.get(entry.animeId!);
      if (!ref) skip(entry, COMMUNITY_MESSAGES.skipNotInCatalogue);
      else if (wanted.has(ref.id)) skip(entry, COMMUNITY_MESSAGES.skipDuplicate);
      else wanted.set(ref.id, importedEntry(entry, ref));
    }

    const counts = { imported: 0, updated: 0, unchanged: 0 };
    const ids = [...wanted.keys()].sort((a, b) => a - b);
    const kept: Array<() => void> = [];
    await this.entries.transaction(async (manager) => {
      for (let start = 0; start < ids.length; start += LIST_IMPORT_EVENT_CHUNK) {
        const chunk = ids.slice(start, start + LIST_IMPORT_EVENT_CHUNK);
        const existing = new Map((await this.entries.lockMany(manager, user.id, chunk)).map((row) => [row.anime_id, row]));
        const changed: ImportedEntry[] = [];
        const events = [];
        for (const id of chunk) {
          const next = wanted.get(id)!;
          const before = existing.get(id);
          const rating = next.userRating ?? before?.user_rating ?? null;
          if (
            before &&
            before.status === next.status &&
            before.progress === next.progress &&
            before.rewatches === next.rewatches &&
            before.user_rating === rating
          ) {
            counts.unchanged++;
            continue;
          }
          counts[before ? 'updated' : 'imported']++;
          changed.push(next);
          events.push({
            animeId: id,
            status: next.status,
            previousStatus: before?.status ?? null,
            progress: next.progress,
            rating,
            previousRating: before?.user_rating ?? null,
          });
        }
        kept.push(
          await this.refs.keep(
            changed.map((entry) => titles.get(entry.animeId)!),
            manager,
          ),
        );
        await this.entries.upsertMany(manager, user.id, changed);
        if (events.length > 0) await this.outbox.publish(manager, 'community.list.imported', { userId: user.id, entries: events });
      }
    });
    for (const stored of kept) stored();
    this.outbox.afterCommit();
    skipped.sort((a, b) => a.line - b.line);
    return { format: chosen, ...counts, skipped };
  }

  async export(user: AuthenticatedUser, format: ListFileFormat): Promise<{ filename: string; contentType: string; body: string }> {
    const rows = await this.entries.all(user.id);
    const entries: ExportedEntry[] = rows.map((row) => ({
      // Both sites know a title by its MyAnimeList id, which the catalogue keeps as the Shikimori id.
      animeId: row.ref.id_shiki ?? row.ref.id,
      title: row.ref.title,
      kind: row.ref.kind,
      totalEpisodes: row.ref.episodes,
      status: row.status,
      progress: row.progress,
      score: row.user_rating,
      rewatches: row.rewatches,
    }));
    const date = new Date().toISOString().slice(0, 10);
    const safeName = user.username.replace(/[^\w-]/g, '_');
    return format === 'mal'
      ? { filename: `animelist_${safeName}_${date}.xml`, contentType: 'application/xml; charset=utf-8', body: writeMal(user, entries) }
      : { filename: `animelist_${safeName}_${date}.json`, contentType: 'application/json; charset=utf-8', body: writeShikimori(entries) };
  }
}

function sniff(text: string): ListFileFormat | undefined {
  const first = text.trimStart()[0];
  return first === '<' ? 'mal' : first === '[' ? 'shikimori' : undefined;
}
