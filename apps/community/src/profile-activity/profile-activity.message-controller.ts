import { Controller } from '@nestjs/common';
import type { AuthenticatedUser, UserCommentsRequest, UserReviewsRequest } from '@portal/contracts';
import { PROFILE_ACTIVITY_OPERATIONS } from '@portal/contracts/operations';
import type { ProfileActivityRequest } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { ProfileActivityService } from './services/profile-activity.service';

/** A profile's comments and reviews (docs/community.md, «Profile»): public reads, decided per caller. */
@Controller()
export class ProfileActivityMessageController {
  constructor(private readonly activity: ProfileActivityService) {}

  @HandlesOperation(PROFILE_ACTIVITY_OPERATIONS.comments)
  comments(@Input() request: UserCommentsRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.activity.comments(viewer, request);
  }

  @HandlesOperation(PROFILE_ACTIVITY_OPERATIONS.reviews)
  reviews(@Input() request: UserReviewsRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.activity.reviews(viewer, request);
  }

  @HandlesOperation(PROFILE_ACTIVITY_OPERATIONS.counts)
  counts(@Input() { username }: ProfileActivityRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.activity.counts(viewer, username);
  }
}
