import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { newsCreateSchema, newsListQuerySchema, newsLookupSchema, newsParamsSchema, newsSettingsSchema, newsUpdateSchema } from '@portal/contracts/schemas';
import { signedIn, validatePayload } from '@portal/platform';
import { NewsReader } from './services/news-reader';
import { NewsService } from './services/news.service';

/** News (docs/community.md, «News»). Writes are the admins' (asked of auth); reads are public. */
@Controller()
export class NewsMessageController {
  constructor(
    private readonly news: NewsService,
    private readonly reader: NewsReader,
  ) {}

  @MessagePattern('community.news.list')
  list(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.list(meta.user, validatePayload(newsListQuerySchema, data));
  }

  @MessagePattern('community.news.get')
  get(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.one(meta.user, validatePayload(newsLookupSchema, data).idOrSlug);
  }

  @MessagePattern('community.news.create')
  create(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.news.create(signedIn(meta.user), validatePayload(newsCreateSchema, data));
  }

  @MessagePattern('community.news.update')
  update(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.news.update(signedIn(meta.user), validatePayload(newsUpdateSchema, data));
  }

  @MessagePattern('community.news.delete')
  remove(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.news.remove(signedIn(meta.user), validatePayload(newsParamsSchema, data).id);
  }

  @MessagePattern('community.news.settings.get')
  settings(@Payload() { meta }: RpcRequest<unknown>) {
    return this.news.settings(signedIn(meta.user));
  }

  @MessagePattern('community.news.settings.set')
  setSettings(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.news.setSettings(signedIn(meta.user), validatePayload(newsSettingsSchema, data));
  }
}
