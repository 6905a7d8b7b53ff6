import { ErrorCode, QUIZ_MESSAGES } from '@portal/contracts';
import { RpcError } from '@portal/platform';

export const quizNotFound = () => RpcError.of(ErrorCode.NotFound, QUIZ_MESSAGES.notFound);
export const quizConflict = (message: string) => RpcError.of(ErrorCode.Conflict, message);
export const quizForbidden = () => RpcError.of(ErrorCode.Forbidden, QUIZ_MESSAGES.forbidden);
