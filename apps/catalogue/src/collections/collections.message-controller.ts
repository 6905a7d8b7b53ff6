import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { COLLECTIONS_OPERATIONS } from '@portal/contracts/operations';
import {
  type CatalogueIdRequest,
  catalogueIdParamsSchema,
  type CataloguePageRequest,
  collectionCreateSchema,
  collectionUpdateSchema,
} from '@portal/contracts/schemas';
import { HandlesOperation, Input, signedIn, validatePayload } from '@portal/platform';
import { CollectionsService } from './collections.service';

const idOf = (data: unknown) => validatePayload(catalogueIdParamsSchema, data).id;

@Controller()
export class CollectionsMessageController {
  constructor(private readonly collections: CollectionsService) {}

  @HandlesOperation(COLLECTIONS_OPERATIONS.list)
  list(@Input() { page, limit }: CataloguePageRequest) {
    return this.collections.list(page, limit);
  }

  @HandlesOperation(COLLECTIONS_OPERATIONS.featured)
  featured() {
    return this.collections.featured();
  }

  @HandlesOperation(COLLECTIONS_OPERATIONS.get)
  details(@Input() { id }: CatalogueIdRequest) {
    return this.collections.details(id);
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
