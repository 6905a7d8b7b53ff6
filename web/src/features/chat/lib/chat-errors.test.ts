import { CHAT_MESSAGES, ErrorCode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { deleteErrorText, loadErrorText, sendErrorText } from './chat-errors';

describe('chat error texts', () => {
  it('loading: the server message, else the connection hint', () => {
    expect(loadErrorText(new ApiError('Некорректный курсор страницы', 400, ErrorCode.ValidationFailed))).toBe('Некорректный курсор страницы');
    const hint = 'Не удалось загрузить сообщения. Проверьте подключение к серверу.';
    expect(loadErrorText(new ApiError('Не удалось подключиться к серверу.', null, 'NETWORK_ERROR'))).toBe(hint);
    expect(loadErrorText(new ApiError('Внутренняя ошибка', 500, ErrorCode.Internal, [], null, false))).toBe(hint);
    expect(loadErrorText(new TypeError('boom'))).toBe(hint);
  });

  it('sending: a 429 says to wait, with the Retry-After seconds when known', () => {
    expect(sendErrorText(new ApiError(CHAT_MESSAGES.rateLimited, 429, ErrorCode.RateLimited, [], 7))).toBe(
      'Вы отправляете сообщения слишком часто, подождите немного. Повторите через 7 с.',
    );
    expect(sendErrorText(new ApiError('Слишком много запросов', 429, ErrorCode.RateLimited, [], null, false))).toBe(
      'Вы отправляете сообщения слишком часто, подождите немного.',
    );
  });

  it('sending: the server message, else the status', () => {
    expect(sendErrorText(new ApiError(CHAT_MESSAGES.tooLong, 400, ErrorCode.ValidationFailed))).toBe(CHAT_MESSAGES.tooLong);
    expect(sendErrorText(new ApiError('Внутренняя ошибка', 502, ErrorCode.Internal, [], null, false))).toBe('Ошибка отправки сообщения: 502');
    expect(sendErrorText(new ApiError('Не удалось подключиться к серверу.', null, 'NETWORK_ERROR'))).toBe('Не удалось подключиться к серверу.');
  });

  it('deleting: the server message, else a fallback', () => {
    expect(deleteErrorText(new ApiError(CHAT_MESSAGES.notFound, 404, ErrorCode.NotFound))).toBe(CHAT_MESSAGES.notFound);
    expect(deleteErrorText(new TypeError('x'))).toBe('Не удалось удалить сообщение');
  });
});
