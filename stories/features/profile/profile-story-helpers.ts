import { LIST_STATUSES, type AnimeListEntry, type ListCounts, type ListStatus, type PublicUser } from '@portal/contracts';
import { makeUser, ok } from '../../support/fixtures';
import type { MockRequest, MockResponse } from '../../../web/src/test/mock-api';
import { animeRef, listEntry } from '../library/library-story-helpers';

export { PENDING } from '../catalogue/catalogue-story-helpers';

/** A list as the server keeps it: entries by status, answered page by page with the counts of all. */
export function listServer(entries: AnimeListEntry[]) {
  const counts = Object.fromEntries(LIST_STATUSES.map((status) => [status, entries.filter((entry) => entry.status === status).length])) as ListCounts;
  return (request: MockRequest): MockResponse => {
    const status = request.query.get('status') as ListStatus | null;
    const page = Number(request.query.get('page') ?? 1);
    const limit = Number(request.query.get('limit') ?? 50);
    const matching = status ? entries.filter((entry) => entry.status === status) : entries;
    return ok({ items: matching.slice((page - 1) * limit, page * limit), page, limit, total: matching.length, counts });
  };
}

const titles: Record<number, string> = { 20: 'Наруто', 1535: 'Тетрадь смерти', 16498: 'Атака титанов', 5114: 'Стальной алхимик: Братство', 21: 'Ван-Пис' };

export const entry = (animeId: number, status: ListStatus, progress: number, episodes: number | null, userRating: number | null = null) =>
  listEntry(status, { animeId, progress, userRating, anime: animeRef(animeId, { title: titles[animeId] ?? `Аниме ${animeId}`, episodes }) });

/** Three titles imported from MAL plus two more: watching 2, planned 1, completed 2. */
export const sampleList: AnimeListEntry[] = [
  entry(20, 'watching', 12, 220, 8),
  entry(21, 'watching', 5, null),
  entry(16498, 'planned', 0, 25),
  entry(1535, 'completed', 37, 37, 10),
  entry(5114, 'completed', 64, 64, 9),
];

/** Another viewer as the public profile shows them: a user without the private fields. */
export const publicUser = (overrides: Partial<PublicUser> = {}): PublicUser => {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the private fields are dropped
  const { email, skipOpening, skipEnding, telegramUserId, updatedAt, ...visible } = makeUser({
    id: 'u-2',
    username: 'hinata',
    displayName: 'Хината',
    rank: 'сэнпай',
    createdAt: '2024-02-01T00:00:00.000Z',
  });
  return { ...visible, ...overrides };
};
