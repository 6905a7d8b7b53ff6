import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { signedIn, validatePayload } from '@portal/platform';
import { listEntryParamsSchema, listExportSchema, listImportSchema, listPageSchema, listUpdateSchema, ratingSchema } from '@portal/contracts/schemas';
import { LibraryService } from './services/library.service';
import { ListFilesService } from './services/list-files.service';

/** Lists, ratings, import and export. The user is always the caller's token, never the body. */
@Controller()
export class LibraryMessageController {
  constructor(
    private readonly library: LibraryService,
    private readonly files: ListFilesService,
  ) {}

  @MessagePattern('community.list.update')
  update(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    const { animeId, ...change } = validatePayload(listUpdateSchema, data);
    return this.library.update(user, animeId, change);
  }

  @MessagePattern('community.list.remove')
  remove(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.library.remove(user, validatePayload(listEntryParamsSchema, data).animeId);
  }

  @MessagePattern('community.list.entry')
  entry(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.library.entry(user, validatePayload(listEntryParamsSchema, data).animeId);
  }

  @MessagePattern('community.list.get')
  list(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.library.list(meta.user, validatePayload(listPageSchema, data));
  }

  @MessagePattern('community.rating.set')
  rate(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    const { animeId, rating } = validatePayload(ratingSchema, data);
    return this.library.rate(user, animeId, rating);
  }

  @MessagePattern('community.list.import')
  import(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    const { format, content } = validatePayload(listImportSchema, data);
    return this.files.import(user, format, content);
  }

  @MessagePattern('community.list.export')
  export(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.files.export(user, validatePayload(listExportSchema, data).format);
  }
}
