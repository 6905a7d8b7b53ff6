import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import type { RpcRequest } from '@portal/contracts';
import { validatePayload } from '@portal/platform';
import { AnimeStatsService } from '../stats/anime-stats.service';
import { animeListQuerySchema, genrePageSchema, idParamSchema, pageSchema } from './dtos/anime-query.schema';
import { animeCreateSchema, animePatchSchema, savePosterSchema } from './dtos/anime-write.schema';
import { AnimeAdminService } from './services/anime-admin.service';
import { AnimeQueryService } from './services/anime-query.service';
import { AnimePosterService } from './services/anime-poster.service';

const idOf = (data: unknown) => validatePayload(idParamSchema, data).id;
const animeRefsSchema = z.object({ ids: z.array(idParamSchema.shape.id).max(1000) });

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
    return this.query.popular(validatePayload(pageSchema, data));
  }

  @MessagePattern('catalogue.anime.top')
  top(@Payload() { data }: RpcRequest<unknown>) {
    return this.query.top(validatePayload(pageSchema, data));
  }

  @MessagePattern('catalogue.anime.new')
  latest(@Payload() { data }: RpcRequest<unknown>) {
    return this.query.latest(validatePayload(pageSchema, data));
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
    return this.query.refs(validatePayload(animeRefsSchema, data).ids);
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
    const { genre, ...page } = validatePayload(genrePageSchema, data);
    return this.query.byGenre(genre, page);
  }

  @MessagePattern('catalogue.anime.create')
  create(@Payload() { data }: RpcRequest<unknown>) {
    return this.admin.create(validatePayload(animeCreateSchema, data));
  }

  @MessagePattern('catalogue.anime.patch')
  patch(@Payload() { data }: RpcRequest<{ anime?: unknown }>) {
    return this.admin.update(idOf(data), validatePayload(animePatchSchema, data?.anime));
  }

  @MessagePattern('catalogue.anime.delete')
  remove(@Payload() { data }: RpcRequest<unknown>) {
    return this.admin.remove(idOf(data));
  }

  @MessagePattern('catalogue.poster.save')
  savePoster(@Payload() { data }: RpcRequest<unknown>) {
    const { animeId, posterUrl } = validatePayload(savePosterSchema, data);
    return this.admin.savePoster(animeId, posterUrl);
  }
}
