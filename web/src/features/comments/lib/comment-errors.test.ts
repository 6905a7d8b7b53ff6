import { ErrorCode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { errorText, formErrors } from './comment-errors';

describe('comment errors', () => {
  it('adds the Retry-After wait to a 429', () => {
    const error = new ApiError('Вы комментируете слишком часто, подождите немного', 429, ErrorCode.RateLimited, [], 3);
    expect(errorText(error)).toBe('Вы комментируете слишком часто, подождите немного. Повторите через 3 с.');
    expect(formErrors(error)).toEqual({ fields: {}, form: errorText(error) });
  });

  it('puts field messages under their fields', () => {
    const error = new ApiError('Ошибка валидации', 400, ErrorCode.ValidationFailed, [{ field: 'episode', message: 'Номер серии больше, чем серий у аниме' }]);
    expect(formErrors(error)).toEqual({ fields: { episode: 'Номер серии больше, чем серий у аниме' }, form: null });
  });
});
