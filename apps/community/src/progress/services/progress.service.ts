import { Injectable } from '@nestjs/common';
import { COMMUNITY_MESSAGES, type AuthenticatedUser, type ContinueWatchingItem, type ProgressPoint } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { animeRefOf } from '../../library/entry.mapper';
import { toStoredRef } from '../../anime-refs/anime-refs.repository';
import { ProgressRepository, type ProgressRow } from '../progress.repository';
import { ProgressWriter } from './progress-writer';

const toPoint = (row: ProgressRow): ProgressPoint => ({
  animeId: row.anime_id,
  episode: row.episode,
  position: row.position,
  duration: row.duration,
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** Where a viewer stopped in each episode (SPEC §7), and what to continue watching. */
@Injectable()
export class ProgressService {
  constructor(
    private readonly refs: AnimeRefsService,
    private readonly progress: ProgressRepository,
    private readonly writer: ProgressWriter,
  ) {}

  /**
   * Looks the titles of a batch up at once (remembered, not stored), so each save finds its title in
   * memory. A failure here is left to each save to report.
   */
  async prefetchTitles(animeIds: number[]): Promise<void> {
    await this.refs.peekMany(animeIds).catch(() => undefined);
  }

  /**
   * Every check runs before anything is written: the title is looked up without storing it, and the
   * copy of a title the community does not hold yet goes with the save into the batch's statement, so
   * a refused save (an episode past the total) leaves no row behind.
   */
  async save(user: AuthenticatedUser, input: { animeId: number; episode: number; position: number; duration?: number }): Promise<ProgressPoint> {
    const ref = await this.refs.lookup(input.animeId, 'animeId');
    if (ref.episodes && input.episode > ref.episodes) throw RpcError.validation([{ field: 'episode', message: COMMUNITY_MESSAGES.episodeBeyondTotal }]);
    const title = this.refs.unheld(ref);
    const row = await this.writer.save({
      userId: user.id,
      animeId: ref.id,
      episode: input.episode,
      position: input.position,
      duration: input.duration ?? null,
      title,
    });
    if (title) this.refs.held([title]);
    return toPoint(row!);
  }

  async get(user: AuthenticatedUser, animeId: number, episode: number | undefined): Promise<ProgressPoint | null> {
    const ref = await this.refs.lookup(animeId, 'animeId');
    const row = await this.progress.find(user.id, ref.id, episode);
    return row && toPoint(row);
  }

  /** Forgets one episode's position, or without `episode` every position of the title. */
  async delete(user: AuthenticatedUser, animeId: number, episode: number | undefined): Promise<{ deleted: boolean }> {
    // A deletion needs no copy of the title: one the community does not hold has no positions.
    const ref = await this.refs.lookup(animeId, 'animeId');
    const title = { userId: user.id, animeId: ref.id };
    if (episode === undefined) return { deleted: (await this.writer.forget(title)) > 0 };
    return { deleted: (await this.writer.delete({ ...title, episode })) !== null };
  }

  async continueWatching(user: AuthenticatedUser, limit: number): Promise<ContinueWatchingItem[]> {
    const rows = await this.progress.continueWatching(user.id, limit);
    return rows.map((row) => ({ ...toPoint(row), anime: animeRefOf(toStoredRef(row.ref)) }));
  }
}
