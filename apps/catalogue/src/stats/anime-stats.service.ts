import { Injectable } from '@nestjs/common';
import { CATALOGUE_MESSAGES, ErrorCode, LIST_STATUSES, RATING_MAX, type AnimeStats, type ListStatus } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { AnimeRepository } from '../anime/anime.repository';
import { AnimeStatsRepository } from './anime-stats.repository';

/** GET /anime/{id}/stats: the portal's own viewers' list counts, score distribution and average. */
@Injectable()
export class AnimeStatsService {
  constructor(
    private readonly anime: AnimeRepository,
    private readonly stats: AnimeStatsRepository,
  ) {}

  async forAnime(id: number): Promise<AnimeStats> {
    const title = await this.anime.findByIdOrShikiId(id);
    if (!title) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
    const row = await this.stats.find(title.id);
    // A count read between two out-of-order events of one entry can be -1 for a moment.
    const count = (column: string) => Math.max(0, Number(row?.[column] ?? 0));
    const scores = Object.fromEntries(Array.from({ length: RATING_MAX }, (_, index) => [String(index + 1), count(`score_${index + 1}`)]));
    const votes = Object.values(scores).reduce((sum, value) => sum + value, 0);
    const total = Object.entries(scores).reduce((sum, [score, value]) => sum + Number(score) * value, 0);
    return {
      animeId: title.id,
      statuses: Object.fromEntries(LIST_STATUSES.map((status) => [status, count(status)])) as Record<ListStatus, number>,
      scores,
      votes,
      averageScore: votes > 0 ? Math.round((total / votes) * 100) / 100 : null,
    };
  }
}
