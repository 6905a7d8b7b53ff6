import { ErrorCode, QUIZ_MESSAGES } from '@portal/contracts';
import { RpcError } from '@portal/platform';

export const quizNotFound = () => RpcError.of(ErrorCode.NotFound, QUIZ_MESSAGES.notFound);
export const quizConflict = (message: string) => RpcError.of(ErrorCode.Conflict, message);
export const quizForbidden = (message: string = QUIZ_MESSAGES.forbidden) => RpcError.of(ErrorCode.Forbidden, message);
