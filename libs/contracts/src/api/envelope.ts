import type { SanctionNotice } from '../moderation/bans.dto';

/** The response envelope of every `/api/*` call (see ARCHITECTURE.md, "API conventions"). */
export interface ApiMeta {
  page: number;
  limit: number;
  total: number;
}

export interface ApiSuccess<T> {
  success: true;
  data: T;
  meta?: ApiMeta;
}

export interface FieldError {
  field: string;
  message: string;
}

export interface ApiFailure {
  success: false;
  message: string;
  code: ErrorCode;
  errors?: FieldError[];
  /** Why a banned, read-only, muted or IP-banned caller is refused, and until when (docs/moderation.md). */
  sanction?: SanctionNotice;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** Machine codes for clients. Values are part of the public API: never rename one. */
export enum ErrorCode {
  ValidationFailed = 'VALIDATION_FAILED',
  Unauthorized = 'UNAUTHORIZED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  RateLimited = 'RATE_LIMITED',
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
  Internal = 'INTERNAL_ERROR',
  UsernameTaken = 'USERNAME_TAKEN',
  EmailTaken = 'EMAIL_TAKEN',
  InvalidCaptcha = 'INVALID_CAPTCHA',
  InvalidCredentials = 'INVALID_CREDENTIALS',
  CommonPassword = 'COMMON_PASSWORD',
  TokenExpired = 'TOKEN_EXPIRED',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  /** A path parameter over the router's length limit (a nickname of thousands of characters). */
  UriTooLong = 'URI_TOO_LONG',
  UnsupportedMediaType = 'UNSUPPORTED_MEDIA_TYPE',
  HeadersTooLarge = 'HEADERS_TOO_LARGE',
  RequestTimeout = 'REQUEST_TIMEOUT',
  UserBanned = 'USER_BANNED',
  UserReadOnly = 'USER_READ_ONLY',
  ChatMuted = 'CHAT_MUTED',
  IpBanned = 'IP_BANNED',
}

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  [ErrorCode.ValidationFailed]: 400,
  [ErrorCode.InvalidCaptcha]: 400,
  [ErrorCode.CommonPassword]: 400,
  [ErrorCode.Unauthorized]: 401,
  [ErrorCode.InvalidCredentials]: 401,
  [ErrorCode.TokenExpired]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.UserBanned]: 403,
  [ErrorCode.UserReadOnly]: 403,
  [ErrorCode.ChatMuted]: 403,
  [ErrorCode.IpBanned]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.UsernameTaken]: 409,
  [ErrorCode.EmailTaken]: 409,
  [ErrorCode.RequestTimeout]: 408,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.UriTooLong]: 414,
  [ErrorCode.UnsupportedMediaType]: 415,
  [ErrorCode.HeadersTooLarge]: 431,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.Internal]: 500,
  [ErrorCode.ServiceUnavailable]: 503,
};

/** Generic Russian messages for failures that carry no message of their own. */
export const GENERIC_MESSAGES = {
  notFound: 'Ресурс не найден',
  unauthorized: 'Требуется авторизация',
  tokenExpired: 'Сессия истекла, войдите снова',
  forbidden: 'Недостаточно прав',
  rateLimited: 'Слишком много запросов, попробуйте позже',
  serviceUnavailable: 'Сервис временно недоступен, попробуйте позже',
  /** A write whose replica stopped after committing part of it: the transport cannot say whether it took effect. */
  outcomeUnknown: 'Сервис прервал обработку запроса: проверьте, сохранилось ли изменение, прежде чем повторять',
  internal: 'Внутренняя ошибка сервера',
  badRequest: 'Некорректный запрос',
  bodyNotObject: 'Тело запроса должно быть объектом JSON',
  payloadTooLarge: 'Слишком большой запрос',
  badUrl: 'Некорректный адрес запроса',
  uriTooLong: 'Слишком длинный адрес запроса',
  unsupportedMediaType: 'Неподдерживаемый тип содержимого запроса',
  headersTooLarge: 'Слишком большие заголовки запроса',
  requestTimeout: 'Запрос не получен целиком вовремя',
  jsonTooDeep: 'Слишком глубокая вложенность JSON',
  malformedUpload: 'Файл не загружен: запрос повреждён',
  formTooManyParts: 'Слишком много полей или файлов в форме',
} as const;
