import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { animeSearchQuerySchema, animeSuggestQuerySchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { SearchService } from './search.service';

@Controller()
export class SearchMessageController {
  constructor(private readonly search: SearchService) {}

  @MessagePattern('catalogue.anime.search')
  find(@Payload() { data }: RpcRequest<unknown>) {
    const { title, limit: size } = validatePayload(animeSearchQuerySchema, data);
    return this.search.search(title, size);
  }

  @MessagePattern('catalogue.anime.suggest')
  suggest(@Payload() { data }: RpcRequest<unknown>) {
    const { q, limit: size } = validatePayload(animeSuggestQuerySchema, data);
    return this.search.suggest(q, size);
  }
}
