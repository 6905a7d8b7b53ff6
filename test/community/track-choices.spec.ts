import { ErrorCode } from '@portal/contracts';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { ATTACK_ON_TITAN, type CommunityStack, DEATH_NOTE, expectFieldError, NARUTO, startCommunityStack } from './community-test-kit';

describe('the voice-over and subtitles a viewer chose per title, through the gateway', () => {
  let stack: CommunityStack;
  let viewer: RegisteredUser;
  let other: RegisteredUser;
  const choose = (user: RegisteredUser, animeId: number, body: unknown) => stack.api.put(`/api/anime/${animeId}/tracks`, body, { token: user.token });
  const choiceOf = async (user: RegisteredUser, animeId: number) => {
    const res = await stack.api.get(`/api/anime/${animeId}/tracks`, { token: user.token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const rows = async () => (await stack.db.query(`SELECT count(*)::int AS n FROM community.track_choices`))[0].n as number;

  beforeAll(async () => {
    stack = await startCommunityStack('tracks');
    [viewer, other] = await Promise.all([stack.user(), stack.user()]);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('needs a signed-in viewer', async () => {
    expect((await stack.api.get(`/api/anime/${NARUTO.id}/tracks`)).status).toBe(401);
    expect((await stack.api.put(`/api/anime/${NARUTO.id}/tracks`, { kind: 'audio', name: 'AniLibria' })).status).toBe(401);
  });

  it('answers nothing chosen before a choice, remembers one per title and kind, and tells the usual one across titles', async () => {
    expect(await choiceOf(viewer, NARUTO.id)).toEqual({
      animeId: NARUTO.id,
      audio: null,
      subtitles: null,
      subtitlesChosen: false,
      usualAudio: null,
      usualSubtitles: null,
    });
    expect((await choose(viewer, NARUTO.id, { kind: 'audio', name: 'AniLibria' })).body.data).toMatchObject({ audio: 'AniLibria', usualAudio: 'AniLibria' });
    await choose(viewer, DEATH_NOTE.id, { kind: 'audio', name: 'AniLibria' });
    await choose(viewer, ATTACK_ON_TITAN.id, { kind: 'audio', name: 'Studio Band' });
    // A second choice for a title replaces the first.
    await choose(viewer, NARUTO.id, { kind: 'audio', name: 'Studio Band' });
    await choose(viewer, NARUTO.id, { kind: 'audio', name: 'AniLibria' });

    expect(await choiceOf(viewer, ATTACK_ON_TITAN.id)).toMatchObject({ audio: 'Studio Band', usualAudio: 'AniLibria' });
    // Another title the viewer has not chosen for gets the usual one to fall back on.
    expect(await choiceOf(viewer, 5114)).toMatchObject({ audio: null, usualAudio: 'AniLibria' });
    // Another viewer's choices are theirs alone.
    expect(await choiceOf(other, NARUTO.id)).toMatchObject({ audio: null, usualAudio: null });
  });

  it('remembers subtitles turned off apart from none chosen, and forgets an audio choice set to null', async () => {
    const off = await choose(viewer, DEATH_NOTE.id, { kind: 'subtitles', name: null });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ subtitles: null, subtitlesChosen: true, audio: 'AniLibria' });
    await choose(viewer, DEATH_NOTE.id, { kind: 'subtitles', name: 'Crunchyroll (рус.)' });
    expect(await choiceOf(viewer, DEATH_NOTE.id)).toMatchObject({ subtitles: 'Crunchyroll (рус.)', usualSubtitles: 'Crunchyroll (рус.)' });

    expect((await choose(viewer, DEATH_NOTE.id, { kind: 'audio', name: null })).body.data).toMatchObject({ audio: null, usualAudio: 'AniLibria' });
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const before = await rows();
    expectFieldError(await choose(viewer, NARUTO.id, { kind: 'video', name: 'x' }), 'kind');
    expectFieldError(await choose(viewer, NARUTO.id, { kind: 'audio', name: '' }), 'name');
    expectFieldError(await choose(viewer, NARUTO.id, { kind: 'audio', name: 'x'.repeat(101) }), 'name');
    expectFieldError(await choose(viewer, NARUTO.id, { kind: 'audio' }), 'name');
    const unknown = await choose(viewer, 999_999_999, { kind: 'audio', name: 'AniLibria' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(await rows()).toBe(before);
  });
});
