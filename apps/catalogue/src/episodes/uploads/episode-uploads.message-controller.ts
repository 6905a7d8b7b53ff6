import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { EPISODE_UPLOAD_OPERATIONS } from '@portal/contracts/operations';
import type {
  EpisodeMarkersRequest,
  EpisodePublishRequest,
  EpisodeSourceIdRequest,
  EpisodeSourceRegisterRequest,
  EpisodeUploadSlotRequest,
  EpisodesListRequest,
} from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { EpisodeUploadsService } from './episode-uploads.service';

@Controller()
export class EpisodeUploadsMessageController {
  constructor(private readonly uploads: EpisodeUploadsService) {}

  @HandlesOperation(EPISODE_UPLOAD_OPERATIONS.manage)
  manage(@Input() { animeId }: EpisodesListRequest) {
    return this.uploads.manage(animeId);
  }

  @HandlesOperation(EPISODE_UPLOAD_OPERATIONS.slot)
  slot(@Input() request: EpisodeUploadSlotRequest) {
    return this.uploads.slot(request);
  }

  @HandlesOperation(EPISODE_UPLOAD_OPERATIONS.register)
  register(@Input() request: EpisodeSourceRegisterRequest, @Caller() user: AuthenticatedUser) {
    return this.uploads.register(request, user);
  }

  @HandlesOperation(EPISODE_UPLOAD_OPERATIONS.cancel)
  cancel(@Input() { id }: EpisodeSourceIdRequest) {
    return this.uploads.cancel(id);
  }

  @HandlesOperation(EPISODE_UPLOAD_OPERATIONS.retry)
  retry(@Input() { id }: EpisodeSourceIdRequest) {
    return this.uploads.retry(id);
  }

  @HandlesOperation(EPISODE_UPLOAD_OPERATIONS.markers)
  setMarkers(@Input() request: EpisodeMarkersRequest) {
    return this.uploads.setMarkers(request);
  }

  @HandlesOperation(EPISODE_UPLOAD_OPERATIONS.publish)
  publish(@Input() request: EpisodePublishRequest) {
    return this.uploads.publish(request);
  }
}
