import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { profileActivityParamsSchema, userCommentsSchema, userReviewsSchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { ProfileActivityService } from './services/profile-activity.service';

/** A profile's comments and reviews (docs/community.md, «Profile»): public reads, decided per caller. */
@Controller()
export class ProfileActivityMessageController {
  constructor(private readonly activity: ProfileActivityService) {}

  @MessagePattern('community.comments.of-user')
  comments(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.activity.comments(meta.user, validatePayload(userCommentsSchema, data));
  }

  @MessagePattern('community.reviews.of-user')
  reviews(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.activity.reviews(meta.user, validatePayload(userReviewsSchema, data));
  }

  @MessagePattern('community.counts.of-user')
  counts(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.activity.counts(meta.user, validatePayload(profileActivityParamsSchema, data).username);
  }
}
