import { Injectable } from '@nestjs/common';
import {
  CATALOGUE_MESSAGES,
  ErrorCode,
  GENRES,
  type AnimeDetails,
  type AnimeListQuery,
  type AnimeSort,
  type AnimeRefLookup,
  type AnimeSummary,
  type Genre,
  type Page,
} from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { toAnimeDetails, toAnimeSummary, toTitleRef } from '../anime.mapper';
import { AnimeRepository } from '../anime.repository';
import { EpisodesRepository } from '../../episodes/episodes.repository';

type PageParams = { page: number; limit: number };

/** Public reads of the catalogue. */
@Injectable()
export class AnimeQueryService {
  constructor(
    private readonly anime: AnimeRepository,
    private readonly episodes: EpisodesRepository,
  ) {}

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
  latest(page: PageParams) {
    return this.list({ ...page, sort: 'new' });
  }

  async byGenre(genre: string, page: PageParams & { sort: AnimeSort }): Promise<Page<AnimeSummary>> {
    if (!GENRES.some((known) => known.slug === genre && !known.adult)) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.genreNotFound);
    return this.list({ ...page, genre });
  }

  async details(id: number): Promise<AnimeDetails> {
    const row = await this.anime.findByIdOrShikiId(id);
    if (!row) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
    const [similar, characters, episodesAvailable] = await Promise.all([
      this.anime.summariesByIds(row.similar_ids),
      this.anime.charactersOf(row.id),
      this.episodes.countByAnime(row.id),
    ]);
    const details = toAnimeDetails(row, {
      similar,
      characters: characters.map((character) => ({
        role: character.role,
        character: { id: character.id, name: character.name, nameRu: character.name_ru, image: character.image },
        seiyuu: character.seiyuu.map((person) => ({ id: person.id, name: person.name, nameRu: person.name_ru, image: person.image })),
      })),
    });
    return { ...details, episodesAvailable };
  }

  /** What the community service shows of a title in lists (see AnimeRefLookup). */
  async refs(ids: number[]): Promise<AnimeRefLookup[]> {
    const rows = await this.anime.refsByIdsOrShikiIds([...new Set(ids)]);
    return rows.map((row) => ({ requested: row.requested, ref: toTitleRef(row) }));
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
