import type { ReportCase } from '@portal/contracts';
import type { MockResponse } from '../../../test/mock-api';

export const caseId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A case with two reports on a comment, open; fields override. */
export function makeReportCase(fields: Partial<ReportCase> = {}): ReportCase {
  return {
    id: caseId(1),
    target: { type: 'comment', id: caseId(901) },
    status: 'open',
    snapshot: { authorId: 'u-7', authorUsername: 'troll', excerpt: 'Купите мой курс по аниме! Скидка 90 %', link: '/anime/20#comment-x' },
    count: 2,
    reasons: [
      { reason: 'spam', count: 1 },
      { reason: 'offtopic', count: 1 },
    ],
    reports: [
      { reporter: { id: 'u-1', username: 'sakura' }, reason: 'spam', text: null, createdAt: '2026-11-20T10:00:00.000Z' },
      { reporter: { id: 'u-2', username: 'hinata' }, reason: 'offtopic', text: 'Реклама в обсуждении серии', createdAt: '2026-11-20T09:00:00.000Z' },
    ],
    held: false,
    firstReportedAt: '2026-11-20T09:00:00.000Z',
    lastReportedAt: '2026-11-20T10:00:00.000Z',
    decision: null,
    ...fields,
  };
}

/** The envelope of one queue page (data and meta, as GET /admin/reports answers). */
export const queuePage = (items: ReportCase[], total = items.length, page = 1): MockResponse => ({
  status: 200,
  body: { success: true, data: items, meta: { page, limit: 20, total } },
});
