import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { metadataIdParamsSchema, metadataSyncSchema, parserParseSchema, setBackgroundRequestSchema } from '@portal/contracts/schemas';
import { signedIn, validatePayload } from '@portal/platform';
import { MetadataSyncService } from './services/metadata-sync.service';

/** Shikimori metadata, posters, parser and backgrounds, as the gateway's admin routes ask for them. */
@Controller()
export class MetadataMessageController {
  constructor(private readonly metadata: MetadataSyncService) {}

  @MessagePattern('catalogue.metadata.sync')
  sync(@Payload() { data }: RpcRequest<unknown>) {
    return this.metadata.sync(validatePayload(metadataSyncSchema, data));
  }

  @MessagePattern('catalogue.metadata.progress')
  progress() {
    return this.metadata.progress();
  }

  @MessagePattern('catalogue.posters.update')
  updatePosters() {
    return this.metadata.updatePosters();
  }

  @MessagePattern('catalogue.parser.parse')
  parse(@Payload() { data }: RpcRequest<unknown>) {
    const { shikimoriId, kodikId } = validatePayload(parserParseSchema, data);
    return this.metadata.parse(shikimoriId, kodikId);
  }

  @MessagePattern('catalogue.images.search')
  searchImages(@Payload() { data }: RpcRequest<unknown>) {
    return this.metadata.searchImages(validatePayload(metadataIdParamsSchema, data).id);
  }

  @MessagePattern('catalogue.images.set-background')
  setBackground(@Payload() { meta, data }: RpcRequest<unknown>) {
    const { id, backgroundUrl } = validatePayload(setBackgroundRequestSchema, data);
    return this.metadata.setBackground(signedIn(meta.user).id, id, backgroundUrl);
  }
}
