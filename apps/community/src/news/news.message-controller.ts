import { Controller } from '@nestjs/common';
import type { AuthenticatedUser, NewsCreateRequest, NewsListRequest, NewsUpdateRequest } from '@portal/contracts';
import { NEWS_OPERATIONS } from '@portal/contracts/operations';
import type { NewsIdRequest, NewsLookupRequest, NewsSettingsRequest } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { NewsReader } from './services/news-reader';
import { NewsService } from './services/news.service';

/** News (docs/community.md, «News»). Writes are the admins' (checked by the operations' access); reads are public. */
@Controller()
export class NewsMessageController {
  constructor(
    private readonly news: NewsService,
    private readonly reader: NewsReader,
  ) {}

  @HandlesOperation(NEWS_OPERATIONS.list)
  list(@Input() query: NewsListRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.list(viewer, query);
  }

  @HandlesOperation(NEWS_OPERATIONS.get)
  get(@Input() { idOrSlug }: NewsLookupRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.one(viewer, idOrSlug);
  }

  @HandlesOperation(NEWS_OPERATIONS.create)
  create(@Input() request: NewsCreateRequest, @Caller() admin: AuthenticatedUser) {
    return this.news.create(admin, request);
  }

  @HandlesOperation(NEWS_OPERATIONS.update)
  update(@Input() change: NewsUpdateRequest, @Caller() admin: AuthenticatedUser) {
    return this.news.update(admin, change);
  }

  @HandlesOperation(NEWS_OPERATIONS.delete)
  remove(@Input() { id }: NewsIdRequest, @Caller() admin: AuthenticatedUser) {
    return this.news.remove(admin, id);
  }

  @HandlesOperation(NEWS_OPERATIONS.settings)
  settings() {
    return this.news.settings();
  }

  @HandlesOperation(NEWS_OPERATIONS.setSettings)
  setSettings(@Input() settings: NewsSettingsRequest, @Caller() admin: AuthenticatedUser) {
    return this.news.setSettings(admin, settings);
  }
}
