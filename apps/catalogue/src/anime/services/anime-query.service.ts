import { Injectable } from '@nestjs/common';
import { CATALOGUE_MESSAGES, ErrorCode, GENRES, type AnimeDetails, type AnimeListQuery, type AnimeSort, type AnimeStats, type AnimeSummary, type Genre, type Page } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { toAnimeDetails, toAnimeSummary } from '../anime.mapper';
import { AnimeRepository } from '../anime.repository';

type PageParams = { page: number; limit: number };

/** Public reads of the catalogue. */
@Injectable()
export class AnimeQueryService {
  constructor(private readonly anime: AnimeRepository) {}

  async list(query: AnimeListQuery & PageParams & { sort: AnimeSort }): Promise<Page<AnimeSummary>> {
    const slice = this.anime.listSlice(query);
    const { rows, total } = await this.anime.list(slice);
    return { items: rows.map(toAnimeSummary), page: query.page, limit: query.limit, total };
  }

  popular(page: PageParams) {
    return this.list({ ...page, sort: 'popularity' });
  }

  /** Best rated among titles enough people have seen, so a score from a handful of votes does not win. */
  async top(page: PageParams) {
    const slice = this.anime.listSlice({ ...page, sort: 'score' });
    slice.where.push('a.score IS NOT NULL', 'a.popularity >= 5000');
    const { rows, total } = await this.anime.list(slice);
    return { items: rows.map(toAnimeSummary), page: page.page, limit: page.limit, total };
  }

  /** Latest premieres that have started. */
  async latest(page: PageParams) {
    const slice = this.anime.listSlice({ ...page, sort: 'year' });
    slice.where.push('a.start_date <= current_date');
    const { rows, total } = await this.anime.list(slice);
    return { items: rows.map(toAnimeSummary), page: page.page, limit: page.limit, total };
  }

  async byGenre(genre: string, page: PageParams & { sort: AnimeSort }): Promise<Page<AnimeSummary>> {
    if (!GENRES.some((known) => known.slug === genre && !known.adult)) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.genreNotFound);
    return this.list({ ...page, genre });
  }

  async details(id: number): Promise<AnimeDetails> {
    const row = await this.anime.findByIdOrShikiId(id);
    if (!row) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
    const [similar, characters] = await Promise.all([this.anime.summariesByIds(row.similar_ids), this.anime.charactersOf(row.id)]);
    return toAnimeDetails(row, {
      similar,
      characters: characters.map((character) => ({
        role: character.role,
        character: { id: character.id, name: character.name, nameRu: character.name_ru, image: character.image },
        seiyuu: character.seiyuu.map((person) => ({ id: person.id, name: person.name, nameRu: person.name_ru, image: person.image })),
      })),
    });
  }

  /**
   * List-status counts and score distribution. The community service (viewer lists) will feed these
   * through its events; until it exists every title has none.
   */
  async stats(id: number): Promise<AnimeStats> {
    const row = await this.anime.findByIdOrShikiId(id);
    if (!row) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
    const scores = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [String(index + 1), 0]));
    return {
      animeId: row.id,
      statuses: { planned: 0, watching: 0, completed: 0, on_hold: 0, dropped: 0, rewatching: 0 },
      scores,
      votes: 0,
      averageScore: null,
    };
  }

  async genres(): Promise<Genre[]> {
    const counts = await this.anime.genreCounts();
    return GENRES.filter((genre) => !genre.adult).map((genre) => ({
      slug: genre.slug,
      name: genre.name,
      nameEn: genre.nameEn,
      animeCount: counts.get(genre.slug) ?? 0,
    }));
  }
}
