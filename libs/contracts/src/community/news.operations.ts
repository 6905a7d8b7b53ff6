import { defineOperation } from '../operations/define-operation';
import { newsDeletedSchema, newsItemSchema, newsOneSchema, newsPageSchema, newsSettingsAnswerSchema } from './news.answers';
import { emptySchema } from '../validation/common.schemas';
import { newsCreateSchema, newsListQuerySchema, newsLookupSchema, newsParamsSchema, newsSettingsSchema, newsUpdateSchema } from './news.schemas';

/**
 * News (docs/community.md, «News»): the community owns them and decides what each viewer may read
 * (drafts and scheduled items only for admins), so the gateway caches none of it. Covers are uploaded
 * through the gateway's own route (apps/gateway/src/community/news.controller.ts).
 */
export const NEWS_OPERATIONS = {
  list: defineOperation({
    pattern: 'community.news.list',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/news' },
    summary: 'Published news, newest first (admins: drafts and scheduled too); ?page&limit&tag&animeId. data.data: the items, data.meta: the page',
    notes:
      '`page` ≥ 1 (default 1), `limit` 1–50 (default 12). Guests and users get the published items whose time has come; `meta` is `{ page, limit, total, hasMore }`.',
    request: newsListQuerySchema,
    answer: newsPageSchema,
  }),
  get: defineOperation({
    pattern: 'community.news.get',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/news/:idOrSlug' },
    summary: 'One news item by id or slug (data.data); a draft or a scheduled one only for admins (404 for others)',
    notes: '404 «Новость не найдена».',
    request: newsLookupSchema,
    answer: newsOneSchema,
  }),
  create: defineOperation({
    pattern: 'community.news.create',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/news' },
    summary: 'Admin: write a news item; the body (HTML) is sanitised, the slug made from the title unless given',
    notes:
      '`cover` is `{ id, widths }` (from POST /api/admin/news/covers) or null; `status` draft (the default) or published; `publishedAt` ISO 8601 with a zone (absent: now). 400 «Аниме не найдено: …» for an unknown linked title; 409 «Новость с таким адресом (slug) уже есть».',
    request: newsCreateSchema,
    answer: newsItemSchema,
  }),
  update: defineOperation({
    pattern: 'community.news.update',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/news/:id' },
    summary: 'Admin: change a news item (the fields given)',
    notes: 'The fields of POST /api/news, each optional (at least one). 404 for an unknown item; 409 for a slug in use.',
    request: newsUpdateSchema,
    answer: newsItemSchema,
  }),
  delete: defineOperation({
    pattern: 'community.news.delete',
    kind: 'write',
    access: 'admin',
    http: { method: 'DELETE', path: '/news/:id' },
    summary: 'Admin: delete a news item',
    notes: '404 for an unknown item.',
    request: newsParamsSchema,
    answer: newsDeletedSchema,
  }),
  settings: defineOperation({
    pattern: 'community.news.settings.get',
    kind: 'read',
    access: 'admin',
    http: { method: 'GET', path: '/admin/news/settings' },
    summary: 'Admin: whether «Вышла N серия …» is published automatically',
    request: emptySchema,
    answer: newsSettingsAnswerSchema,
  }),
  setSettings: defineOperation({
    pattern: 'community.news.settings.set',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/admin/news/settings' },
    summary: 'Admin: turn automatic news on or off ({ autoNews })',
    notes: '`autoNews`: whether «Вышла N серия …» is published when a title gets new episodes.',
    request: newsSettingsSchema,
    answer: newsSettingsAnswerSchema,
  }),
};
