import type { ReportTargetType } from '@portal/contracts';
import { amvTarget } from './amv.target';
import { chatMessageTarget } from './chat-message.target';
import { commentTarget } from './comment.target';
import { quizTarget } from './quiz.target';
import type { ReportTargetHandler } from './report-target';
import { reviewTarget } from './review.target';
import { userTarget } from './user.target';

/** Every reportable kind of content (REPORT_TARGET_ID_KINDS in contracts); a new kind registers here. */
export const REPORT_TARGETS: Record<ReportTargetType, ReportTargetHandler> = {
  comment: commentTarget,
  review: reviewTarget,
  chat_message: chatMessageTarget,
  amv: amvTarget,
  quiz: quizTarget,
  user: userTarget,
};
