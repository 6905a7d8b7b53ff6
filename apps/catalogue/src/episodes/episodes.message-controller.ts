import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { episodesListSchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { EpisodesQueryService } from './services/episodes-query.service';

@Controller()
export class EpisodesMessageController {
  constructor(private readonly query: EpisodesQueryService) {}

  @MessagePattern('catalogue.episodes.list')
  list(@Payload() { data }: RpcRequest<unknown>) {
    return this.query.list(validatePayload(episodesListSchema, data).animeId);
  }
}
