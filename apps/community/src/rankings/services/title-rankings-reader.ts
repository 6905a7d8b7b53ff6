import { Inject, Injectable } from '@nestjs/common';
import { MOST_WATCHED_DAYS, TITLE_RANKING_SIZE, type TitleRankingEntry, type TitleRankings } from '@portal/contracts';
import { type TitleRankRow, TitleRankingsRepository } from '../title-rankings.repository';

export const TITLE_RANKINGS_SETTINGS = Symbol('TITLE_RANKINGS_SETTINGS');

export interface TitleRankingsSettings {
  /** RANKINGS_MIN_VOTES. */
  minVotes: number;
  /** RANKINGS_TITLES_CACHE_SECONDS, in ms: how long one answer serves everyone (per replica); 0 keeps none. */
  cacheMs: number;
}

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

/**
 * The two title lists: our users' best scored titles (with enough scores) and this week's most
 * watched. The same for every caller and slow to move, while a read scans every scored title and the
 * week's viewers: one answer is kept for a minute (RANKINGS_TITLES_CACHE_SECONDS); concurrent callers
 * of an expired one share the next read.
 */
@Injectable()
export class TitleRankingsReader {
  private cached: { at: number; answer: Promise<TitleRankings> } | null = null;

  constructor(
    private readonly titles: TitleRankingsRepository,
    @Inject(TITLE_RANKINGS_SETTINGS) private readonly settings: TitleRankingsSettings,
  ) {}

  read(): Promise<TitleRankings> {
    if (this.cached && Date.now() - this.cached.at < this.settings.cacheMs) return this.cached.answer;
    const answer = this.readLists();
    this.cached = { at: Date.now(), answer };
    // A failed read is not kept: the next caller tries again.
    answer.catch(() => {
      if (this.cached?.answer === answer) this.cached = null;
    });
    return answer;
  }

  private async readLists(): Promise<TitleRankings> {
    const [topRated, mostWatched] = await Promise.all([
      this.titles.topRated(this.settings.minVotes, TITLE_RANKING_SIZE),
      this.titles.mostWatched(MOST_WATCHED_DAYS, TITLE_RANKING_SIZE),
    ]);
    return { topRated: toEntries(topRated), mostWatched: toEntries(mostWatched), minVotes: this.settings.minVotes };
  }
}
