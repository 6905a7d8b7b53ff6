import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { CATALOGUE_OPERATIONS } from '@portal/contracts/operations';
import {
  animeCreateSchema,
  type AnimeListRequest,
  animePatchSchema,
  animeRefsRequestSchema,
  type CatalogueIdRequest,
  catalogueIdParamsSchema,
  type CataloguePageRequest,
  type GenrePageRequest,
  savePosterSchema,
} from '@portal/contracts/schemas';
import { HandlesOperation, Input, signedIn, validatePayload } from '@portal/platform';
import { AnimeStatsService } from '../stats/anime-stats.service';
import { AnimeAdminService } from './services/anime-admin.service';
import { AnimeQueryService } from './services/anime-query.service';
import { AnimePosterService } from './services/anime-poster.service';

const idOf = (data: unknown) => validatePayload(catalogueIdParamsSchema, data).id;

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

  @MessagePattern('catalogue.anime.refs')
  refs(@Payload() { data }: RpcRequest<unknown>) {
    return this.query.refs(validatePayload(animeRefsRequestSchema, data).ids);
  }

  @MessagePattern('catalogue.anime.poster')
  poster(@Payload() { data }: RpcRequest<unknown>) {
    return this.posters.generated(idOf(data));
  }

  @HandlesOperation(CATALOGUE_OPERATIONS.genres)
  genres() {
    return this.query.genres();
  }

  @HandlesOperation(CATALOGUE_OPERATIONS.genre)
  genre(@Input() { genre, ...page }: GenrePageRequest) {
    return this.query.byGenre(genre, page);
  }

  @MessagePattern('catalogue.anime.create')
  create(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.admin.create(signedIn(meta.user).id, validatePayload(animeCreateSchema, data));
  }

  @MessagePattern('catalogue.anime.patch')
  patch(@Payload() { meta, data }: RpcRequest<{ anime?: unknown }>) {
    return this.admin.update(signedIn(meta.user).id, idOf(data), validatePayload(animePatchSchema, data?.anime));
  }

  @MessagePattern('catalogue.anime.delete')
  remove(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.admin.remove(signedIn(meta.user).id, idOf(data));
  }

  @MessagePattern('catalogue.poster.save')
  savePoster(@Payload() { meta, data }: RpcRequest<unknown>) {
    const { animeId, posterUrl } = validatePayload(savePosterSchema, data);
    return this.admin.savePoster(signedIn(meta.user).id, animeId, posterUrl);
  }
}
