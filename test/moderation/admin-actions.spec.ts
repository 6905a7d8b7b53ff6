import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { ATTACK_ON_TITAN, DEATH_NOTE, NARUTO } from '../community/community-test-kit';
import { auth, type ModerationStack, startModerationStack } from './moderation-test-kit';

interface Entry {
  eventName: string;
  actorId: string | null;
  subjectUserId: string | null;
  details: { target: string; targetId: string; action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };
}

function collectionForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/**
 * Admins' content actions in the catalogue and the chat reach the audit log (docs/moderation.md,
 * «Audit log») as `admin.<target>.<action>`: who, about whom, before and after. A refused action
 * records nothing.
 */
describe('audit log of admins’ content actions', () => {
  let stack: ModerationStack;
  let admin: RegisteredUser;
  let author: RegisteredUser;

  /** The admin's entries, newest first, once `ready` holds for them (events arrive asynchronously). */
  const entriesOf = (actor: RegisteredUser, ready: (entries: Entry[]) => boolean) =>
    waitFor(async () => {
      const res = await stack.api.get(`/api/admin/audit-log?actorId=${actor.id}&limit=100`, auth(admin));
      const entries = res.body.data as Entry[];
      return res.status === 200 && ready(entries) ? entries : null;
    }, 20_000);
  const entryOf = async (actor: RegisteredUser, eventName: string, targetId: string) => {
    const matches = (entry: Entry) => entry.eventName === eventName && entry.details.targetId === targetId;
    return (await entriesOf(actor, (entries) => entries.some(matches))).find(matches)!;
  };

  beforeAll(async () => {
    stack = await startModerationStack('adminacts');
    admin = await stack.admin();
    author = await stack.user();
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('records a title patch with only the fields it changed, as they were and are', async () => {
    const title = (await stack.api.get(`/api/anime/${NARUTO.id}`)).body.data;
    expect(title.year).toEqual(expect.any(Number));
    // `year` is sent unchanged: only the episodes changed.
    const res = await stack.api.patch(`/api/anime/${NARUTO.id}`, { episodes: NARUTO.episodes + 1, year: title.year }, auth(admin));
    expect(res.status).toBe(200);
    expect(res.body.data.episodes).toBe(NARUTO.episodes + 1);

    const entry = await entryOf(admin, 'admin.anime.updated', String(NARUTO.id));
    expect(entry.actorId).toBe(admin.id);
    expect(entry.subjectUserId).toBeNull();
    expect(entry.details).toEqual({
      target: 'anime',
      targetId: String(NARUTO.id),
      action: 'updated',
      before: { episodes: NARUTO.episodes },
      after: { episodes: NARUTO.episodes + 1 },
    });
  });

  it('records a title deletion with the title’s main fields before it', async () => {
    expect((await stack.api.delete(`/api/anime/${ATTACK_ON_TITAN.id}`, auth(admin))).status).toBe(200);
    const entry = await entryOf(admin, 'admin.anime.deleted', String(ATTACK_ON_TITAN.id));
    expect(entry.details.after).toBeNull();
    expect(entry.details.before).toMatchObject({ episodes: ATTACK_ON_TITAN.episodes });
    expect(typeof entry.details.before?.title).toBe('string');
  });

  it('records a poster saved by an admin under the poster target', async () => {
    const posterUrl = 'https://example.com/posters/death-note.jpg';
    expect((await stack.api.post('/api/anime/save-poster', { animeId: DEATH_NOTE.id, posterUrl }, auth(admin))).status).toBe(201);
    const entry = await entryOf(admin, 'admin.poster.updated', String(DEATH_NOTE.id));
    expect(entry.details.after).toEqual({ poster: posterUrl });
    expect(entry.details.before).not.toEqual({ poster: posterUrl });
  });

  it('records a background an admin set (its job writes it) under the poster target', async () => {
    const backgroundUrl = 'https://example.com/screenshots/naruto.jpg';
    expect((await stack.api.post(`/api/images/set-background/${NARUTO.id}`, { backgroundUrl }, auth(admin))).status).toBe(202);
    const entry = await entryOf(admin, 'admin.poster.updated', String(NARUTO.id));
    expect(entry.details).toMatchObject({ before: { background: null }, after: { background: backgroundUrl } });
    expect(entry.actorId).toBe(admin.id);
  });

  it('records a collection’s creation, change and deletion', async () => {
    const created = await stack.api.post('/api/collections', collectionForm({ title: 'Классика', animeIds: `[${NARUTO.id}]` }), auth(admin));
    expect(created.status).toBe(201);
    const id = String(created.body.data.id);
    const changed = await stack.api.put(
      `/api/collections/${id}`,
      collectionForm({ title: 'Новая классика', animeIds: `[${DEATH_NOTE.id}, ${NARUTO.id}]` }),
      auth(admin),
    );
    expect(changed.status).toBe(200);
    expect((await stack.api.delete(`/api/collections/${id}`, auth(admin))).status).toBe(200);

    const entries = await entriesOf(admin, (all) => all.filter((entry) => entry.details.target === 'collection' && entry.details.targetId === id).length === 3);
    const byName = new Map(entries.filter((entry) => entry.details.targetId === id).map((entry) => [entry.eventName, entry]));
    expect(byName.get('admin.collection.created')?.details).toMatchObject({
      before: null,
      after: { title: 'Классика', description: '', featured: false, cover: null, animeIds: [NARUTO.id] },
    });
    expect(byName.get('admin.collection.updated')?.details).toMatchObject({
      before: { title: 'Классика', animeIds: [NARUTO.id] },
      after: { title: 'Новая классика', animeIds: [DEATH_NOTE.id, NARUTO.id] },
    });
    expect(byName.get('admin.collection.deleted')?.details).toMatchObject({ before: { title: 'Новая классика' }, after: null });
    expect([...byName.values()].every((entry) => entry.actorId === admin.id && entry.subjectUserId === null)).toBe(true);
  });

  it('records an admin’s deletion of a chat message about its author, with its text', async () => {
    const posted = await stack.api.post('/api/chat/messages', { message: 'Сообщение на удаление' }, auth(author));
    expect(posted.status).toBe(201);
    const id = String(posted.body.data.id);
    expect((await stack.api.delete(`/api/chat/messages/${id}`, auth(admin))).status).toBe(200);

    const entry = await entryOf(admin, 'admin.chat-message.deleted', id);
    expect(entry.actorId).toBe(admin.id);
    expect(entry.subjectUserId).toBe(author.id);
    expect(entry.details).toEqual({ target: 'chat-message', targetId: id, action: 'deleted', before: { text: 'Сообщение на удаление' }, after: null });
  });

  it('records nothing for refused actions: the admin’s later actions are the only entries', async () => {
    const other = await stack.admin();
    const posted = await stack.api.post('/api/chat/messages', { message: 'Ещё одно' }, auth(author));
    expect((await stack.api.patch(`/api/anime/${NARUTO.id}`, { episodes: -1 }, auth(other))).status).toBe(400);
    expect((await stack.api.patch(`/api/anime/${NARUTO.id}`, {}, auth(other))).status).toBe(400);
    expect((await stack.api.delete('/api/anime/999999999', auth(other))).status).toBe(404);
    expect((await stack.api.put('/api/collections/999999999', collectionForm({ title: 'Нет такой' }), auth(other))).status).toBe(404);
    expect((await stack.api.delete('/api/collections/999999999', auth(other))).status).toBe(404);
    expect((await stack.api.delete('/api/chat/messages/999999999', auth(other))).status).toBe(404);
    // One later action in each service: each relays its events in order, so once both are recorded,
    // anything the refusals had published would be too.
    expect((await stack.api.patch(`/api/anime/${DEATH_NOTE.id}`, { episodes: DEATH_NOTE.episodes + 2 }, auth(other))).status).toBe(200);
    expect((await stack.api.delete(`/api/chat/messages/${posted.body.data.id}`, auth(other))).status).toBe(200);

    const entries = await entriesOf(other, (all) => all.length >= 2);
    expect(entries.map((entry) => `${entry.eventName} ${entry.details.targetId}`).sort()).toEqual([
      `admin.anime.updated ${DEATH_NOTE.id}`,
      `admin.chat-message.deleted ${posted.body.data.id}`,
    ]);
  });
});
