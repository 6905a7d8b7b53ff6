import { describe, expect, it } from 'vitest';
import { ok } from '../../test/mock-api';
import { mockApiPerTest } from '../../test/mock-api-per-test';
import { operationsOf, requestOf } from './operations-client';

const mockApi = mockApiPerTest();

describe('requestOf', () => {
  it('puts path parameters in the path (encoded) and the rest in the query of a GET, leaving out undefined ones', () => {
    expect(requestOf({ method: 'GET', path: '/news/:idOrSlug' }, { idOrSlug: 'a b/c', page: 2, tag: undefined })).toEqual({
      endpoint: '/news/a%20b%2Fc',
      options: { method: 'GET', query: { page: 2 } },
    });
  });

  it('sends the rest of a PUT as its JSON body, without the fields the path took', () => {
    expect(requestOf({ method: 'PUT', path: '/news/:id' }, { id: 'x1', title: 'Новость', tags: ['a'] })).toEqual({
      endpoint: '/news/x1',
      options: { method: 'PUT', body: { title: 'Новость', tags: ['a'] } },
    });
  });
});

describe('operationsOf', () => {
  it('calls each declared operation at the route the build inlined, and answers the envelope’s data', async () => {
    const settings = { autoNews: false };
    const api = mockApi({ 'PUT /api/admin/news/settings': ok(settings), 'DELETE /api/news/n1': ok({ id: 'n1', deleted: true }) });
    const news = operationsOf('news');
    await expect(news.setSettings(settings)).resolves.toEqual(settings);
    await expect(news.delete({ id: 'n1' })).resolves.toEqual({ id: 'n1', deleted: true });
    expect(api.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/api/admin/news/settings', settings],
      ['DELETE', '/api/news/n1', undefined],
    ]);
  });

  it('reads a numbered page of a `page` route from `data` and `meta` as the answer’s items, page, limit and total', async () => {
    const entry = { id: 'e1', eventName: 'user.registered' };
    mockApi({ 'GET /api/admin/audit-log': { status: 200, body: { success: true, data: [entry], meta: { page: 2, limit: 50, total: 51 } } } });
    await expect(operationsOf('auditLog').list({ page: 2 })).resolves.toEqual({ items: [entry], page: 2, limit: 50, total: 51 });
  });
});
