import type { Provider } from '@nestjs/common';
import { ReviewsMessageController } from './reviews.message-controller';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsReader } from './services/reviews-reader';
import { ReviewsService } from './services/reviews.service';

/**
 * Reviews, registered by the community module in one line each. They use the comments' account read
 * model and auth lookups (`UserRefsRepository`, `Accounts`) and the exported `NotificationsService`.
 */
export const REVIEWS_CONTROLLERS = [ReviewsMessageController];

export const REVIEWS_PROVIDERS: Provider[] = [ReviewsRepository, ReviewsService, ReviewsReader];
