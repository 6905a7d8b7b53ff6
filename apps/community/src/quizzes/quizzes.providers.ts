import type { Provider } from '@nestjs/common';
import type { CommunityEnv } from '@portal/config';
import { QUIZ_SETTINGS, type QuizSettings } from './quiz-settings';
import { QuizzesMessageController } from './quizzes.message-controller';
import { QuizzesRepository } from './quizzes.repository';
import { QuizAccess } from './services/quiz-access';
import { QuizAttemptsService } from './services/quiz-attempts.service';
import { QuizModerationService } from './services/quiz-moderation.service';
import { QuizzesReader } from './services/quizzes-reader';
import { QuizzesService } from './services/quizzes.service';

/**
 * Quizzes, registered by the community module in one line each. They use the comments' `Accounts`
 * (the admin role) and account read model, the title read model and the exported `NotificationsService`.
 */
export const QUIZZES_CONTROLLERS = [QuizzesMessageController];

export const quizzesProviders = (config: CommunityEnv): Provider[] => [
  { provide: QUIZ_SETTINGS, useValue: { successShare: config.QUIZ_SUCCESS_SHARE } satisfies QuizSettings },
  QuizzesRepository,
  QuizAccess,
  QuizzesReader,
  QuizzesService,
  QuizModerationService,
  QuizAttemptsService,
];
