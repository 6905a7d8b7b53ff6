import { COMMUNITY_MESSAGES, ErrorCode, AUTH_MESSAGES, type AuthenticatedUser, type ListStatus } from '@portal/contracts';
import { libraryKit, type LibraryKit } from '../testing/library-test-kit';

/**
 * The list's rules as LibraryService applies them, on fakes: status transitions, progress and
 * watched episodes against the title's total, rewatches, ratings and removal, each change committed
 * with its event (docs/community.md). The transitions alone are list-transitions.spec.ts; the SQL is
 * test/community/lists.spec.ts.
 */
describe('LibraryService', () => {
  let kit: LibraryKit;
  let viewer: AuthenticatedUser;
  const TOTAL = 12;

  beforeEach(() => {
    kit = libraryKit();
    viewer = kit.viewer('viewer');
    kit.titles.add(20, { episodes: TOTAL });
  });

  const stored = (animeId = 20) => kit.entries.get(viewer.id, animeId);
  const listEvents = () => kit.outbox.published('community.list.updated');

  describe('changes of an entry', () => {
    it('refuses a title the catalogue does not know (400 on animeId), writing nothing', async () => {
      await expect(kit.library.update(viewer, 404, { status: 'watching' })).rejects.toMatchObject({
        payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'animeId', message: COMMUNITY_MESSAGES.animeNotFound }] },
      });
      expect(kit.entries.rows.size).toBe(0);
      expect(kit.db.commits).toBe(0);
    });

    it('the first change adds the entry and stores the title’s copy in its transaction, with its event', async () => {
      const entry = await kit.library.update(viewer, 20, { status: 'watching' });
      expect(entry).toMatchObject({ animeId: 20, status: 'watching', progress: 0, anime: { id: 20, episodes: TOTAL } });
      expect(kit.titles.stored.has(20)).toBe(true);
      expect(listEvents()).toEqual([expect.objectContaining({ userId: viewer.id, animeId: 20, status: 'watching', previousStatus: null, progress: 0 })]);
      expect(kit.outbox.nudges).toBe(1);
    });

    it('a progress past the total is capped at it and completes the title', async () => {
      await kit.library.update(viewer, 20, { status: 'watching' });
      const entry = await kit.library.update(viewer, 20, { progress: 50 });
      expect(entry).toMatchObject({ status: 'completed', progress: TOTAL });
      expect(listEvents().at(-1)).toMatchObject({ status: 'completed', previousStatus: 'watching', progress: TOTAL });
    });

    it('keeps an explicit on_hold or dropped at the total instead of completing', async () => {
      await expect(kit.library.update(viewer, 20, { status: 'on_hold', progress: TOTAL })).resolves.toMatchObject({ status: 'on_hold', progress: TOTAL });
      await expect(kit.library.update(viewer, 20, { status: 'dropped', progress: TOTAL })).resolves.toMatchObject({ status: 'dropped', progress: TOTAL });
    });

    it('a progress on a planned title makes it watching; a title whose total is unknown is never completed by progress', async () => {
      kit.titles.add(30, { episodes: null });
      await expect(kit.library.update(viewer, 20, { progress: 3 })).resolves.toMatchObject({ status: 'watching', progress: 3 });
      await expect(kit.library.update(viewer, 30, { progress: 500 })).resolves.toMatchObject({ status: 'watching', progress: 500 });
    });

    it('refuses rewatching a title not completed, and a refused first change leaves neither an entry nor a title copy', async () => {
      await expect(kit.library.update(viewer, 20, { status: 'rewatching' })).rejects.toMatchObject({
        payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'status', message: COMMUNITY_MESSAGES.rewatchNotCompleted }] },
      });
      expect(stored()).toBeUndefined();
      expect(kit.titles.stored.has(20)).toBe(false);
      expect(kit.outbox.events).toEqual([]);
    });

    it('a rewatch starts over at 0 with no watched episodes, and finishing it counts one rewatch', async () => {
      kit.entries.seed(viewer.id, 20, { status: 'completed', progress: TOTAL, watched_episodes: [1, 2, 3] });
      await expect(kit.library.update(viewer, 20, { status: 'rewatching' })).resolves.toMatchObject({
        status: 'rewatching',
        progress: 0,
        watchedEpisodes: [],
        rewatches: 0,
      });
      await expect(kit.library.update(viewer, 20, { progress: TOTAL })).resolves.toMatchObject({ status: 'completed', progress: TOTAL, rewatches: 1 });
      expect(stored()).toMatchObject({ status: 'completed', rewatches: 1 });
    });

    it('refuses a watched episode past the total and leaves the entry as it was', async () => {
      const before = kit.entries.seed(viewer.id, 20, { status: 'watching', progress: 4 });
      await expect(kit.library.update(viewer, 20, { watchedEpisode: TOTAL + 1 })).rejects.toMatchObject({
        payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'watchedEpisode', message: COMMUNITY_MESSAGES.episodeBeyondTotal }] },
      });
      expect(stored()).toEqual(before);
    });

    it('a watched episode is added in order and raises the progress; an earlier one does not lower it', async () => {
      await expect(kit.library.update(viewer, 20, { watchedEpisode: 3 })).resolves.toMatchObject({ status: 'watching', progress: 3, watchedEpisodes: [3] });
      await expect(kit.library.update(viewer, 20, { watchedEpisode: 1 })).resolves.toMatchObject({ progress: 3, watchedEpisodes: [1, 3] });
      await expect(kit.library.update(viewer, 20, { watchedEpisode: TOTAL })).resolves.toMatchObject({
        status: 'completed',
        progress: TOTAL,
        watchedEpisodes: [1, 3, TOTAL],
      });
    });

    it('watching an episode other than the last of a completed title starts a rewatch from it', async () => {
      kit.entries.seed(viewer.id, 20, { status: 'completed', progress: TOTAL, watched_episodes: [11, 12] });
      await expect(kit.library.update(viewer, 20, { watchedEpisode: 2 })).resolves.toMatchObject({ status: 'rewatching', progress: 2, watchedEpisodes: [2] });
    });

    it('a change that leaves the entry as it is writes nothing and tells nothing', async () => {
      const before = kit.entries.seed(viewer.id, 20, { status: 'watching', progress: 3, watched_episodes: [3] });
      await expect(kit.library.update(viewer, 20, { status: 'watching', watchedEpisode: 3 })).resolves.toMatchObject({ status: 'watching', progress: 3 });
      expect(stored()).toBe(before);
      expect(kit.outbox.events).toEqual([]);
    });

    it('when a concurrent request added the entry first, the change is applied on top of it', async () => {
      jest.spyOn(kit.entries, 'insert').mockImplementationOnce((_manager, userId, animeId) => {
        kit.entries.seed(userId, animeId, { status: 'watching', progress: 4, watched_episodes: [1, 2, 3, 4] });
        return Promise.resolve(null);
      });
      const entry = await kit.library.update(viewer, 20, { watchedEpisode: 5 });
      expect(entry).toMatchObject({ status: 'watching', progress: 5, watchedEpisodes: [1, 2, 3, 4, 5] });
      expect(listEvents()).toEqual([expect.objectContaining({ status: 'watching', previousStatus: 'watching', progress: 5 })]);
    });
  });

  describe('ratings', () => {
    it('rating an unlisted title adds it as planned with the rating; the answer has the portal’s average', async () => {
      const other = kit.viewer('other');
      kit.entries.seed(other.id, 20, { user_rating: 6 });
      await expect(kit.library.rate(viewer, 20, 8)).resolves.toEqual({ animeId: 20, userRating: 8, average: 7, votes: 2 });
      expect(stored()).toMatchObject({ status: 'planned', user_rating: 8 });
      expect(listEvents()).toEqual([expect.objectContaining({ status: 'planned', previousStatus: null })]);
      expect(kit.outbox.published('community.rating.updated')).toEqual([
        expect.objectContaining({ userId: viewer.id, animeId: 20, rating: 8, previousRating: null }),
      ]);
      expect(kit.titles.stored.has(20)).toBe(true);
    });

    it('a new rating tells the previous one; the same rating again tells nothing', async () => {
      kit.entries.seed(viewer.id, 20, { status: 'completed', progress: TOTAL, user_rating: 8 });
      await kit.library.rate(viewer, 20, 9);
      await kit.library.rate(viewer, 20, 9);
      expect(kit.outbox.published('community.rating.updated')).toEqual([expect.objectContaining({ rating: 9, previousRating: 8 })]);
      expect(stored()).toMatchObject({ status: 'completed', user_rating: 9 });
      expect(listEvents()).toEqual([]);
    });

    it('refuses to rate a title the catalogue does not know', async () => {
      await expect(kit.library.rate(viewer, 404, 5)).rejects.toMatchObject({
        payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'animeId', message: COMMUNITY_MESSAGES.animeNotFound }] },
      });
    });
  });

  describe('removal and reading', () => {
    it('refuses to remove a title that is not in the list', async () => {
      await expect(kit.library.remove(viewer, 20)).rejects.toMatchObject({ payload: { code: ErrorCode.NotFound, message: COMMUNITY_MESSAGES.entryNotFound } });
    });

    it('removing a rated entry tells the list and takes the rating back', async () => {
      kit.entries.seed(viewer.id, 20, { status: 'completed', progress: TOTAL, user_rating: 7 });
      await expect(kit.library.remove(viewer, 20)).resolves.toEqual({ animeId: 20, removed: true });
      expect(stored()).toBeUndefined();
      expect(listEvents()).toEqual([expect.objectContaining({ status: null, previousStatus: 'completed', progress: 0 })]);
      expect(kit.outbox.published('community.rating.updated')).toEqual([expect.objectContaining({ rating: null, previousRating: 7 })]);
    });

    it('a list counts every status (zeros too), pages most recently changed first, and a filter’s total is its status’ count', async () => {
      const statuses: ListStatus[] = ['watching', 'completed', 'watching'];
      statuses.forEach((status, index) => {
        kit.titles.stored.set(40 + index, kit.titles.add(40 + index));
        kit.entries.seed(viewer.id, 40 + index, { status });
      });
      const all = await kit.library.list(viewer.id, { page: 1, limit: 2 });
      expect(all).toMatchObject({ total: 3, counts: { watching: 2, completed: 1, planned: 0, on_hold: 0, dropped: 0, rewatching: 0 } });
      expect(all.items.map((item) => item.animeId)).toEqual([42, 41]);
      const watching = await kit.library.listOf('VIEWER', { status: 'watching', page: 1, limit: 10 });
      expect(watching.total).toBe(2);
      expect(watching.items.map((item) => item.animeId)).toEqual([42, 40]);
    });

    it('a list of an unknown nickname is auth’s 404', async () => {
      await expect(kit.library.listOf('nobody', { page: 1, limit: 10 })).rejects.toMatchObject({
        payload: { code: ErrorCode.NotFound, message: AUTH_MESSAGES.userNotFound },
      });
    });
  });
});
