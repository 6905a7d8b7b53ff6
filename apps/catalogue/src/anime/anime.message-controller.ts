import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import {
  animeCreateSchema,
  animeListQuerySchema,
  animePatchSchema,
  animeRefsRequestSchema,
  catalogueIdParamsSchema,
  cataloguePageQuerySchema,
  genrePageRequestSchema,
  savePosterSchema,
} from '@portal/contracts/schemas';
import { signedIn, validatePayload } from '@portal/platform';
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

  @MessagePattern('catalogue.anime.list')
  list(@Payload() { data }: RpcRequest<unknown>) {
    return this.query.list(validatePayload(animeListQuerySchema, data));
  }

  @MessagePattern('catalogue.anime.popular')
  popular(@Payload() { data }: RpcRequest<unknown>) {
    return this.query.popular(validatePayload(cataloguePageQuerySchema, data));
  }

  @MessagePattern('catalogue.anime.top')
  top(@Payload() { data }: RpcRequest<unknown>) {
    return this.query.top(validatePayload(cataloguePageQuerySchema, data));
  }

  @MessagePattern('catalogue.anime.new')
  latest(@Payload() { data }: RpcRequest<unknown>) {
    return this.query.latest(validatePayload(cataloguePageQuerySchema, data));
  }

  @MessagePattern('catalogue.anime.get')
  details(@Payload() { data }: RpcRequest<unknown>) {
    return this.query.details(idOf(data));
  }

  @MessagePattern('catalogue.anime.stats')
  stats(@Payload() { data }: RpcRequest<unknown>) {
    return this.statistics.forAnime(idOf(data));
  }

  @MessagePattern('catalogue.anime.refs')
  refs(@Payload() { data }: RpcRequest<unknown>) {
    return this.query.refs(validatePayload(animeRefsRequestSchema, data).ids);
  }

  @MessagePattern('catalogue.anime.poster')
  poster(@Payload() { data }: RpcRequest<unknown>) {
    return this.posters.generated(idOf(data));
  }

  @MessagePattern('catalogue.genres.list')
  genres() {
    return this.query.genres();
  }

  @MessagePattern('catalogue.genre.anime')
  genre(@Payload() { data }: RpcRequest<unknown>) {
    const { genre, ...page } = validatePayload(genrePageRequestSchema, data);
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
