import type { Provider } from '@nestjs/common';
import type { CommunityEnv } from '@portal/config';
import { CommentLikesPusher } from './comment-likes-pusher';
import { CommentsMessageController } from './comments.message-controller';
import { CommentsPusher } from './comments-pusher';
import { CommentsRepository } from './comments.repository';
import { COMMENT_LIMITS, CommentLimits } from './services/comment-limits';
import { CommentsReader } from './services/comments-reader';
import { CommentsService } from './services/comments.service';

/** Comments, registered by the community module in one line each. */
export const COMMENTS_CONTROLLERS = [CommentsMessageController];

export const commentsProviders = (config: CommunityEnv): Provider[] => [
  { provide: COMMENT_LIMITS, useValue: { perSeconds: config.COMMENT_RATE_SECONDS, daily: config.COMMENT_DAILY_LIMIT } },
  CommentsRepository,
  CommentsPusher,
  CommentLikesPusher,
  CommentLimits,
  CommentsService,
  CommentsReader,
];
