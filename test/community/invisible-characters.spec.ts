import { AUTH_MESSAGES, ErrorCode } from '@portal/contracts';
import { register, type RegisteredUser, uniqueDigits, uniqueEmail, STRONG_PASSWORD } from '../auth/auth-test-kit';
import { type CommunityStack, DEATH_NOTE, startCommunityStack } from './community-test-kit';

const RLO = '\u202E';

/**
 * Issue #30: direction overrides and invisible characters are not stored as typed (the shared
 * normaliser, libs/contracts/src/validation/invisible-characters.ts, in the request schemas): names
 * lose every invisible character, free text its bidi controls; emoji sequences stay whole.
 */
describe('invisible and direction characters in what users type', () => {
  let stack: CommunityStack;
  let user: RegisteredUser;
  const auth = (who: RegisteredUser) => ({ token: who.token });
  const storedUser = async (id: string) => (await stack.db.query('SELECT username, display_name FROM auth.users WHERE id = $1', [id]))[0];

  beforeAll(async () => {
    stack = await startCommunityStack('invisible');
    user = await stack.user();
  }, 120_000);
  afterAll(() => stack?.close());

  describe('display names', () => {
    it.each([
      ['a direction override', `abc${RLO}gnp.exe xyz`, 'abcgnp.exe xyz'],
      ['zero-width characters', 'a\u200b\u200c\u200d\ufeffb admin', 'ab admin'],
      ['an isolate and marks around the name', '\u2067\u200fКира\u2069\u200e', 'Кира'],
    ])('stores %s without them', async (_, typed, shown) => {
      const res = await stack.api.put('/api/auth/profile', { displayName: typed }, auth(user));
      expect(res.status).toBe(200);
      expect(res.body.data.displayName).toBe(shown);
      expect((await storedUser(user.id)).display_name).toBe(shown);
    });

    it('keeps an emoji sequence whole', async () => {
      const res = await stack.api.put('/api/auth/profile', { displayName: 'Кира 👩‍💻🏳️‍🌈' }, auth(user));
      expect(res.status).toBe(200);
      expect((await storedUser(user.id)).display_name).toBe('Кира 👩‍💻🏳️‍🌈');
    });

    it('refuses a name of invisible characters only, and changes nothing', async () => {
      const before = (await storedUser(user.id)).display_name;
      const res = await stack.api.put('/api/auth/profile', { displayName: '\u200b\u202e\ufeff' }, auth(user));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: ErrorCode.ValidationFailed, message: AUTH_MESSAGES.allFieldsRequired });
      expect((await storedUser(user.id)).display_name).toBe(before);
    });
  });

  describe('nicknames', () => {
    it('registers a nickname without its invisible characters', async () => {
      const clean = `kira_${uniqueDigits()}`;
      const res = await register(stack.api, { username: `ki\u200bra${RLO}_${clean.slice(5)}`, email: uniqueEmail('invisible'), password: STRONG_PASSWORD });
      expect(res.status).toBe(201);
      expect(res.body.data.user.username).toBe(clean);
      expect((await storedUser(res.body.data.user.id)).username).toBe(clean);
    });

    it('cannot take another user’s nickname by adding invisible characters to it', async () => {
      const [first, ...rest] = user.username;
      const lookalike = `${first}\u200b${rest.join('')}\u2060`;
      const check = await stack.api.get(`/api/users/check-username?username=${encodeURIComponent(lookalike)}`);
      expect(check.status).toBe(200);
      expect(check.body.data.available).toBe(false);
      const res = await register(stack.api, { username: lookalike, email: uniqueEmail('invisible'), password: STRONG_PASSWORD });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe(ErrorCode.UsernameTaken);
      expect(await stack.db.query('SELECT id FROM auth.users WHERE username = $1', [lookalike])).toEqual([]);
    });
  });

  describe('comments (free text)', () => {
    it('stores a comment without its direction controls, so a link reads as the address it is', async () => {
      const author = await stack.user();
      const typed = `Смотрите тут: ${RLO}moc.elgoog//:sptth и \u2066дальше\u2069`;
      const res = await stack.api.post('/api/comments', { animeId: DEATH_NOTE.id, content: typed }, auth(author));
      expect(res.status).toBe(201);
      const expected = 'Смотрите тут: moc.elgoog//:sptth и дальше';
      expect(res.body.data.content).toBe(expected);
      const [row] = await stack.db.query('SELECT content FROM community.comments WHERE id = $1', [res.body.data.id]);
      expect(row.content).toBe(expected);
    });

    it('keeps joiners free text needs: emoji sequences and Persian', async () => {
      const author = await stack.user();
      const typed = 'Класс 👨‍👩‍👧 می‌خواهم';
      const res = await stack.api.post('/api/comments', { animeId: DEATH_NOTE.id, content: typed }, auth(author));
      expect(res.status).toBe(201);
      const [row] = await stack.db.query('SELECT content FROM community.comments WHERE id = $1', [res.body.data.id]);
      expect(row.content).toBe(typed);
    });

    it('refuses a comment of direction controls only, and stores nothing', async () => {
      const author = await stack.user();
      const res = await stack.api.post('/api/comments', { animeId: DEATH_NOTE.id, content: `${RLO}\u2066 ` }, auth(author));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.ValidationFailed);
      expect(await stack.db.query('SELECT id FROM community.comments WHERE author_id = $1', [author.id])).toEqual([]);
    });
  });
});
