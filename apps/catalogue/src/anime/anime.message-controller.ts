import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { ANIME_ADMIN_OPERATIONS, ANIME_POSTER_OPERATIONS, CATALOGUE_OPERATIONS } from '@portal/contracts/operations';
import type {
  AnimeCreate,
  AnimeListRequest,
  AnimePatchRequest,
  AnimeRefsRequest,
  CatalogueIdRequest,
  CataloguePageRequest,
  GenrePageRequest,
  SavePosterRequest,
} from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { AnimeStatsService } from '../stats/anime-stats.service';
import { AnimeAdminService } from './services/anime-admin.service';
import { AnimeQueryService } from './services/anime-query.service';
import { AnimePosterService } from './services/anime-poster.service';

@Controller()
export class AnimeMessageController {
  constructor(
    private readonly query: AnimeQueryService,
    private readonly admin: AnimeAdminService,
    private readonly posters: AnimePosterService,
    private readonly statistics: AnimeStatsService,
  ) {}

  @HandlesOperation(CATALOGUE_OPERATIONS.list)
  list(@Input() request: AnimeListRequest) {
    return this.query.list(request);
  }

  @HandlesOperation(CATALOGUE_OPERATIONS.popular)
  popular(@Input() page: CataloguePageRequest) {
    return this.query.popular(page);
  }

  @HandlesOperation(CATALOGUE_OPERATIONS.top)
  top(@Input() page: CataloguePageRequest) {
    return this.query.top(page);
  }

  @HandlesOperation(CATALOGUE_OPERATIONS.new)
  latest(@Input() page: CataloguePageRequest) {
    return this.query.latest(page);
  }

  @HandlesOperation(CATALOGUE_OPERATIONS.get)
  details(@Input() { id }: CatalogueIdRequest) {
    return this.query.details(id);
  }

  @HandlesOperation(CATALOGUE_OPERATIONS.stats)
  stats(@Input() { id }: CatalogueIdRequest) {
    return this.statistics.forAnime(id);
  }

  @HandlesOperation(CATALOGUE_OPERATIONS.refs)
  refs(@Input() { ids }: AnimeRefsRequest) {
    return this.query.refs(ids);
  }

  @HandlesOperation(ANIME_POSTER_OPERATIONS.get)
  poster(@Input() { id }: CatalogueIdRequest) {
    return this.posters.generated(id);
  }

  @HandlesOperation(CATALOGUE_OPERATIONS.genres)
  genres() {
    return this.query.genres();
  }

  @HandlesOperation(CATALOGUE_OPERATIONS.genre)
  genre(@Input() { genre, ...page }: GenrePageRequest) {
    return this.query.byGenre(genre, page);
  }

  @HandlesOperation(ANIME_ADMIN_OPERATIONS.create)
  create(@Input() anime: AnimeCreate, @Caller() admin: AuthenticatedUser) {
    return this.admin.create(admin.id, anime);
  }

  @HandlesOperation(ANIME_ADMIN_OPERATIONS.patch)
  patch(@Input() { id, ...anime }: AnimePatchRequest, @Caller() admin: AuthenticatedUser) {
    return this.admin.update(admin.id, id, anime);
  }

  /** PUT /anime/{id}: the same change as PATCH. */
  @HandlesOperation(ANIME_ADMIN_OPERATIONS.replace)
  replace(@Input() request: AnimePatchRequest, @Caller() admin: AuthenticatedUser) {
    return this.patch(request, admin);
  }

  @HandlesOperation(ANIME_ADMIN_OPERATIONS.delete)
  remove(@Input() { id }: CatalogueIdRequest, @Caller() admin: AuthenticatedUser) {
    return this.admin.remove(admin.id, id);
  }

  @HandlesOperation(ANIME_ADMIN_OPERATIONS.savePoster)
  savePoster(@Input() { animeId, posterUrl }: SavePosterRequest, @Caller() admin: AuthenticatedUser) {
    return this.admin.savePoster(admin.id, animeId, posterUrl);
  }
}
