import { type ApiFailure, ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.ValidationFailed,
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  408: ErrorCode.RequestTimeout,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  414: ErrorCode.UriTooLong,
  415: ErrorCode.UnsupportedMediaType,
  429: ErrorCode.RateLimited,
  431: ErrorCode.HeadersTooLarge,
  500: ErrorCode.Internal,
  503: ErrorCode.ServiceUnavailable,
};

const MESSAGE_BY_CODE: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.ValidationFailed]: GENERIC_MESSAGES.badRequest,
  [ErrorCode.Unauthorized]: GENERIC_MESSAGES.unauthorized,
  [ErrorCode.Forbidden]: GENERIC_MESSAGES.forbidden,
  [ErrorCode.NotFound]: GENERIC_MESSAGES.notFound,
  [ErrorCode.RequestTimeout]: GENERIC_MESSAGES.requestTimeout,
  [ErrorCode.RateLimited]: GENERIC_MESSAGES.rateLimited,
  [ErrorCode.PayloadTooLarge]: GENERIC_MESSAGES.payloadTooLarge,
  [ErrorCode.UriTooLong]: GENERIC_MESSAGES.uriTooLong,
  [ErrorCode.UnsupportedMediaType]: GENERIC_MESSAGES.unsupportedMediaType,
  [ErrorCode.HeadersTooLarge]: GENERIC_MESSAGES.headersTooLarge,
  [ErrorCode.Internal]: GENERIC_MESSAGES.internal,
  [ErrorCode.ServiceUnavailable]: GENERIC_MESSAGES.serviceUnavailable,
};

/** Messages of Fastify's own refusals that say more than their status's generic one. */
const MESSAGE_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_BAD_URL: GENERIC_MESSAGES.badUrl,
};

/**
 * The envelope of a failure that carries only an HTTP status (a Nest HttpException, a Fastify error):
 * the status's code and generic Russian message; a status without one of its own is a bad request.
 */
export function failureOfStatus(status: number, fastifyCode?: string): ApiFailure {
  const code = CODE_BY_STATUS[status] ?? ErrorCode.ValidationFailed;
  const message = (fastifyCode && MESSAGE_BY_FASTIFY_CODE[fastifyCode]) ?? MESSAGE_BY_CODE[code] ?? GENERIC_MESSAGES.badRequest;
  return { success: false, code, message };
}
