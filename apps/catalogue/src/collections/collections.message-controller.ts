import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { COLLECTIONS_ADMIN_OPERATIONS, COLLECTIONS_OPERATIONS } from '@portal/contracts/operations';
import type { CatalogueIdRequest, CataloguePageRequest, CollectionCreate, CollectionUpdateRequest } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { CollectionsService } from './collections.service';

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

  @HandlesOperation(COLLECTIONS_ADMIN_OPERATIONS.create)
  create(@Input() collection: CollectionCreate, @Caller() admin: AuthenticatedUser) {
    return this.collections.create(admin.id, collection);
  }

  @HandlesOperation(COLLECTIONS_ADMIN_OPERATIONS.update)
  update(@Input() { id, collection }: CollectionUpdateRequest, @Caller() admin: AuthenticatedUser) {
    return this.collections.update(admin.id, id, collection);
  }

  @HandlesOperation(COLLECTIONS_ADMIN_OPERATIONS.delete)
  remove(@Input() { id }: CatalogueIdRequest, @Caller() admin: AuthenticatedUser) {
    return this.collections.remove(admin.id, id);
  }
}
