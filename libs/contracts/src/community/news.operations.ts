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
    request: newsListQuerySchema,
    answer: newsPageSchema,
  }),
  get: defineOperation({
    pattern: 'community.news.get',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/news/:idOrSlug' },
    summary: 'One news item by id or slug (data.data); a draft or a scheduled one only for admins (404 for others)',
    request: newsLookupSchema,
    answer: newsOneSchema,
  }),
  create: defineOperation({
    pattern: 'community.news.create',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/news' },
    summary: 'Admin: write a news item; the body (HTML) is sanitised, the slug made from the title unless given',
    request: newsCreateSchema,
    answer: newsItemSchema,
  }),
  update: defineOperation({
    pattern: 'community.news.update',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/news/:id' },
    summary: 'Admin: change a news item (the fields given)',
    request: newsUpdateSchema,
    answer: newsItemSchema,
  }),
  delete: defineOperation({
    pattern: 'community.news.delete',
    kind: 'write',
    access: 'admin',
    http: { method: 'DELETE', path: '/news/:id' },
    summary: 'Admin: delete a news item',
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
    request: newsSettingsSchema,
    answer: newsSettingsAnswerSchema,
  }),
};
