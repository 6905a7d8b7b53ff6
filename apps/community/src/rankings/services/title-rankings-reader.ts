import { Inject, Injectable } from '@nestjs/common';
import { MOST_WATCHED_DAYS, TITLE_RANKING_SIZE, type TitleRankingEntry, type TitleRankings } from '@portal/contracts';
import { type TitleRankRow, TitleRankingsRepository } from '../title-rankings.repository';

export const RANKINGS_MIN_VOTES = Symbol('RANKINGS_MIN_VOTES');

const toEntries = (rows: TitleRankRow[]): TitleRankingEntry[] =>
  rows.map((row, index) => ({
    place: index + 1,
    animeId: row.anime_id,
    title: row.title,
    poster: row.poster,
    fallbackPoster: row.fallback_poster,
    value: Number(row.value),
    votes: Number(row.votes),
  }));

/** The two title lists: our users' best scored titles (with enough scores) and this week's most watched. */
@Injectable()
export class TitleRankingsReader {
  constructor(
    private readonly titles: TitleRankingsRepository,
    @Inject(RANKINGS_MIN_VOTES) private readonly minVotes: number,
  ) {}

  async read(): Promise<TitleRankings> {
    const [topRated, mostWatched] = await Promise.all([
      this.titles.topRated(this.minVotes, TITLE_RANKING_SIZE),
      this.titles.mostWatched(MOST_WATCHED_DAYS, TITLE_RANKING_SIZE),
    ]);
    return { topRated: toEntries(topRated), mostWatched: toEntries(mostWatched), minVotes: this.minVotes };
  }
}
