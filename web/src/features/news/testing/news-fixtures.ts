import { type NewsItem, type NewsPage, toNewsCover } from '@portal/contracts';

/** A stable uuid per number (stories and tests). */
export const newsId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeNews(overrides: Partial<NewsItem> & { n?: number } = {}): NewsItem {
  const { n = 1, ...rest } = overrides;
  return {
    id: newsId(n),
    slug: `novost-${n}`,
    title: `Новость номер ${n}`,
    summary: 'Коротко о главном: студия объявила дату премьеры.',
    body: '<p>Студия объявила дату премьеры второго сезона.</p>',
    tags: ['анонс'],
    animeIds: [],
    anime: [],
    cover: toNewsCover(`10000000-0000-4000-8000-${String(n).padStart(12, '0')}`, [320, 640, 1280]),
    author: { id: 'a0000000-0000-4000-8000-000000000001', username: 'admin' },
    status: 'published',
    publishedAt: '2026-05-01T10:00:00.000Z',
    createdAt: '2026-05-01T09:00:00.000Z',
    updatedAt: '2026-05-01T09:00:00.000Z',
    automatic: false,
    ...rest,
  };
}

export function makeNewsPage(items: NewsItem[], page = 1, total = items.length, limit = 12): NewsPage {
  return { data: items, meta: { page, limit, total, hasMore: page * limit < total } };
}
