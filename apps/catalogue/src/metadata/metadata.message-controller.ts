import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { CATALOGUE_METADATA_OPERATIONS } from '@portal/contracts/operations';
import type { MetadataIdRequest, MetadataSyncRequest, ParserParseRequest, SetBackgroundRequest } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { MetadataSyncService } from './services/metadata-sync.service';

/** Shikimori metadata, posters, parser and backgrounds: the admins' tools (CATALOGUE_METADATA_OPERATIONS). */
@Controller()
export class MetadataMessageController {
  constructor(private readonly metadata: MetadataSyncService) {}

  @HandlesOperation(CATALOGUE_METADATA_OPERATIONS.sync)
  sync(@Input() request: MetadataSyncRequest) {
    return this.metadata.sync(request);
  }

  @HandlesOperation(CATALOGUE_METADATA_OPERATIONS.progress)
  progress() {
    return this.metadata.progress();
  }

  @HandlesOperation(CATALOGUE_METADATA_OPERATIONS.updatePosters)
  updatePosters() {
    return this.metadata.updatePosters();
  }

  @HandlesOperation(CATALOGUE_METADATA_OPERATIONS.parse)
  parse(@Input() { shikimoriId, kodikId }: ParserParseRequest) {
    return this.metadata.parse(shikimoriId, kodikId);
  }

  @HandlesOperation(CATALOGUE_METADATA_OPERATIONS.searchImages)
  searchImages(@Input() { id }: MetadataIdRequest) {
    return this.metadata.searchImages(id);
  }

  /** The caller is recorded as the admin who changed the background. */
  @HandlesOperation(CATALOGUE_METADATA_OPERATIONS.setBackground)
  setBackground(@Input() { id, backgroundUrl }: SetBackgroundRequest, @Caller() admin: AuthenticatedUser) {
    return this.metadata.setBackground(admin.id, id, backgroundUrl);
  }
}
