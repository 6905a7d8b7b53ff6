import { ErrorCode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/mock-api';
import { mockApiPerTest } from '../../test/mock-api-per-test';
import { ApiError } from './api-error';
import { apiRequestPage } from './http-client';

const mockApi = mockApiPerTest();

describe('apiRequestPage', () => {
  it('returns the items of data with page, limit and total of meta', async () => {
    const api = mockApi({
      'GET /api/anime': { status: 200, body: { success: true, data: [{ id: 1 }, { id: 2 }], meta: { page: 3, limit: 2, total: 41 } } },
    });
    await expect(apiRequestPage<{ id: number }>('/anime', { query: { page: 3, limit: 2, genre: undefined } })).resolves.toEqual({
      items: [{ id: 1 }, { id: 2 }],
      page: 3,
      limit: 2,
      total: 41,
    });
    expect(api.calls[0]?.query.toString()).toBe('page=3&limit=2');
  });

  it('reads a list without meta as one complete page', async () => {
    mockApi({ 'GET /api/genres': ok([{ slug: 'drama' }]) });
    await expect(apiRequestPage('/genres')).resolves.toEqual({ items: [{ slug: 'drama' }], page: 1, limit: 1, total: 1 });
  });

  it('refuses a data that is not an array', async () => {
    mockApi({ 'GET /api/anime': ok({ id: 1 }) });
    const error = await apiRequestPage('/anime').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('BAD_FORMAT');
  });

  it('rejects failures like apiRequest', async () => {
    mockApi({ 'GET /api/anime': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже') });
    const error = await apiRequestPage('/anime').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toBe('Сервис временно недоступен, попробуйте позже');
  });
});
