import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { catalogueIdParamsSchema, cataloguePageQuerySchema, collectionCreateSchema, collectionUpdateSchema } from '@portal/contracts/schemas';
import { signedIn, validatePayload } from '@portal/platform';
import { CollectionsService } from './collections.service';

const idOf = (data: unknown) => validatePayload(catalogueIdParamsSchema, data).id;

@Controller()
export class CollectionsMessageController {
  constructor(private readonly collections: CollectionsService) {}

  @MessagePattern('catalogue.collections.list')
  list(@Payload() { data }: RpcRequest<unknown>) {
    const { page, limit } = validatePayload(cataloguePageQuerySchema, data);
    return this.collections.list(page, limit);
  }

  @MessagePattern('catalogue.collections.featured')
  featured() {
    return this.collections.featured();
  }

  @MessagePattern('catalogue.collection.get')
  details(@Payload() { data }: RpcRequest<unknown>) {
    return this.collections.details(idOf(data));
  }

  @MessagePattern('catalogue.collection.create')
  create(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.collections.create(signedIn(meta.user).id, validatePayload(collectionCreateSchema, data));
  }

  @MessagePattern('catalogue.collection.update')
  update(@Payload() { meta, data }: RpcRequest<{ collection?: unknown }>) {
    return this.collections.update(signedIn(meta.user).id, idOf(data), validatePayload(collectionUpdateSchema, data?.collection));
  }

  @MessagePattern('catalogue.collection.delete')
  remove(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.collections.remove(signedIn(meta.user).id, idOf(data));
  }
}
