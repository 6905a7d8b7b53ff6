import { AUTH_MESSAGES, ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { RpcError } from '@portal/platform';

/** The auth service's failures, each with its machine code and Russian message. */
export const AuthErrors = {
  badWord: () => RpcError.validation([{ field: 'username', message: AUTH_MESSAGES.usernameBadWords }]),
  commonPassword: () =>
    RpcError.of(ErrorCode.CommonPassword, AUTH_MESSAGES.passwordCommon, {
      errors: [{ field: 'password', message: AUTH_MESSAGES.passwordCommon }],
    }),
  wrongCaptcha: () =>
    RpcError.of(ErrorCode.InvalidCaptcha, AUTH_MESSAGES.captchaWrong, {
      errors: [{ field: 'captchaAnswer', message: AUTH_MESSAGES.captchaWrong }],
    }),
  usernameTaken: () =>
    RpcError.of(ErrorCode.UsernameTaken, AUTH_MESSAGES.usernameTaken, {
      errors: [{ field: 'username', message: AUTH_MESSAGES.usernameTaken }],
    }),
  emailTaken: () =>
    RpcError.of(ErrorCode.EmailTaken, AUTH_MESSAGES.emailTaken, {
      errors: [{ field: 'email', message: AUTH_MESSAGES.emailTaken }],
    }),
  telegramRequired: () => RpcError.validation([{ field: 'telegram', message: AUTH_MESSAGES.telegramRequired }]),
  invalidCredentials: () => RpcError.of(ErrorCode.InvalidCredentials, AUTH_MESSAGES.invalidCredentials),
  unauthorized: () => RpcError.of(ErrorCode.Unauthorized, GENERIC_MESSAGES.unauthorized),
  forbidden: () => RpcError.of(ErrorCode.Forbidden, GENERIC_MESSAGES.forbidden),
  userNotFound: () => RpcError.of(ErrorCode.NotFound, AUTH_MESSAGES.userNotFound),
  ownAdminFlag: () => RpcError.of(ErrorCode.Forbidden, AUTH_MESSAGES.ownAdminFlag),
};
