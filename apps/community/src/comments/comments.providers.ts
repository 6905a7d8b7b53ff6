import type { Provider } from '@nestjs/common';
import type { CommunityEnv } from '@portal/config';
import { CommentLikesPusher } from './comment-likes-pusher';
import { CommentsMessageController } from './comments.message-controller';
import { CommentsPusher } from './comments-pusher';
import { CommentsRepository } from './comments.repository';
import { UserEventsListener } from './listeners/user-events.listener';
import { Accounts } from './services/accounts';
import { COMMENT_LIMITS, CommentLimits } from './services/comment-limits';
import { CommentsReader } from './services/comments-reader';
import { CommentsService } from './services/comments.service';
import { UserRefsRepository } from './user-refs.repository';

/** Comments and the accounts' read model, registered by the community module in one line each. */
export const COMMENTS_CONTROLLERS = [CommentsMessageController];

export const commentsProviders = (config: CommunityEnv): Provider[] => [
  { provide: COMMENT_LIMITS, useValue: { perSeconds: config.COMMENT_RATE_SECONDS, daily: config.COMMENT_DAILY_LIMIT } },
  UserRefsRepository,
  UserEventsListener,
  CommentsRepository,
  CommentsPusher,
  CommentLikesPusher,
  Accounts,
  CommentLimits,
  CommentsService,
  CommentsReader,
];
