import { randomBytes } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { AUTH_MESSAGES, DISPLAY_NAME_MAX_LENGTH, ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { PROFILE_IMAGE_MESSAGE } from '@portal/contracts/schemas';
import { type ApiClient, waitFor } from '@portal/testing';
import {
  ALLOWED_IMAGE_HOST,
  type AuthStack,
  dbQuery,
  type RegisteredUser,
  registerUser,
  secretLookingKeys,
  startAuthStack,
  uniqueEmail,
  uniqueName,
} from './auth-test-kit';

describe('sessions: login, token verification and the own profile', () => {
  let stack: AuthStack;
  let api: ApiClient;
  let user: RegisteredUser;

  beforeAll(async () => {
    stack = await startAuthStack('session');
    api = stack.api;
    user = await registerUser(api, 'session');
  });
  afterAll(() => stack?.close());

  const expectUnauthorized = (res: { status: number; body: any }, code: ErrorCode = ErrorCode.Unauthorized) => {
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code });
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.data).toBeUndefined();
  };

  describe('POST /api/auth/login', () => {
    it('answers 200 with a token and the user, and nothing that looks like a password or a hash', async () => {
      const res = await api.post('/api/auth/login', { email: user.email, password: user.password });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(res.body.data.user).toMatchObject({ id: user.id, username: user.username, email: user.email, isAdmin: false });
      expect(secretLookingKeys(res.body)).toEqual([]);
      expect(JSON.stringify(res.body)).not.toMatch(/\$argon2|Tr0ub4dor/);
    });

    it('accepts the email in another letter case and with surrounding spaces', async () => {
      const res = await api.post('/api/auth/login', { email: `  ${user.email.toUpperCase()} `, password: user.password });
      expect(res.status).toBe(200);
      expect(res.body.data.user.id).toBe(user.id);
    });

    it('answers 401 INVALID_CREDENTIALS for a wrong password, and the very same for an unknown email', async () => {
      const wrongPassword = await api.post('/api/auth/login', { email: user.email, password: `${user.password}x` });
      const unknownEmail = await api.post('/api/auth/login', { email: uniqueEmail('nobody'), password: user.password });
      for (const res of [wrongPassword, unknownEmail]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, code: ErrorCode.InvalidCredentials, message: AUTH_MESSAGES.invalidCredentials });
      }
    });

    it('answers 400 "Все поля обязательны для заполнения" naming the field when the email or the password is blank', async () => {
      const blankPassword = await api.post('/api/auth/login', { email: user.email, password: '' });
      expect(blankPassword.status).toBe(400);
      expect(blankPassword.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: AUTH_MESSAGES.allFieldsRequired });
      expect(blankPassword.body.errors).toEqual([{ field: 'password', message: AUTH_MESSAGES.allFieldsRequired }]);
      const blankEmail = await api.post('/api/auth/login', { email: '   ', password: user.password });
      expect(blankEmail.status).toBe(400);
      expect(blankEmail.body.errors).toEqual([{ field: 'email', message: AUTH_MESSAGES.allFieldsRequired }]);
    });

    it('answers 400 "Все поля обязательны для заполнения" when a field is absent from the body altogether', async () => {
      const noPassword = await api.post('/api/auth/login', { email: user.email });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: AUTH_MESSAGES.allFieldsRequired });
      expect(noPassword.body.errors).toEqual([{ field: 'password', message: AUTH_MESSAGES.allFieldsRequired }]);
      const emptyBody = await api.post('/api/auth/login', {});
      expect(emptyBody.status).toBe(400);
      expect(emptyBody.body.message).toBe(AUTH_MESSAGES.allFieldsRequired);
    });
  });

  describe('GET /api/auth/verify', () => {
    it('answers 200 and the user for a valid token', async () => {
      const res = await api.get('/api/auth/verify', { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ id: user.id, username: user.username, email: user.email });
      expect(secretLookingKeys(res.body)).toEqual([]);
    });

    it('answers 401 without a token', async () => {
      expectUnauthorized(await api.get('/api/auth/verify'));
    });

    it('answers 401 for a garbage token and for a malformed Authorization header', async () => {
      expectUnauthorized(await api.get('/api/auth/verify', { token: 'not-a-jwt' }));
      expectUnauthorized(await api.get('/api/auth/verify', { token: 'aaaa.bbbb.cccc' }));
      expectUnauthorized(await api.get('/api/auth/verify', { headers: { authorization: `Token ${user.token}` } }));
    });

    it('answers 401 for a token signed with another secret, even with the right claims', async () => {
      const forger = new JwtService({ secret: randomBytes(32).toString('hex') });
      const forged = await forger.signAsync({ sub: user.id, username: user.username, adm: true }, { expiresIn: '1h' });
      expectUnauthorized(await api.get('/api/auth/verify', { token: forged }));
    });

    it('answers 401 for a token whose user no longer exists', async () => {
      const issuer = new JwtService({ secret: process.env.JWT_SECRET });
      const orphan = await issuer.signAsync({ sub: '00000000-0000-4000-8000-000000000000', username: 'ghost_user', adm: false });
      expectUnauthorized(await api.get('/api/auth/verify', { token: orphan }));
    });

    describe('with JWT_EXPIRES_IN=1s', () => {
      let short: AuthStack;

      // A prefix of its own, so only this auth service (with short-lived tokens) answers this gateway.
      beforeAll(async () => {
        short = await startAuthStack('short', { env: { JWT_EXPIRES_IN: '1s' } });
      });
      afterAll(() => short?.close());

      it('answers 401 TOKEN_EXPIRED once the token has expired', async () => {
        const shortApi = short.api;
        const login = await shortApi.post('/api/auth/login', { email: user.email, password: user.password });
        expect(login.status).toBe(200);
        const { token } = login.body.data;
        const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
        expect(claims.exp - claims.iat).toBe(1);

        const expired = await waitFor(
          async () => {
            const res = await shortApi.get('/api/auth/verify', { token });
            return res.status === 401 ? res : undefined;
          },
          5000,
          200,
        );
        expectUnauthorized(expired, ErrorCode.TokenExpired);
        expect(expired.body.message).toBe(GENERIC_MESSAGES.tokenExpired);
        // The main gateway shares the secret, so it rejects the expired token too.
        expectUnauthorized(await api.get('/api/auth/verify', { token }), ErrorCode.TokenExpired);
      });
    });
  });

  describe('PUT /api/auth/profile', () => {
    let owner: RegisteredUser;

    beforeAll(async () => {
      owner = await registerUser(api, 'profile');
    });

    it('answers 401 without a token', async () => {
      expectUnauthorized(await api.put('/api/auth/profile', { displayName: 'Кто-то' }));
    });

    it('changes displayName and skipOpening but ignores role, group, isAdmin, rank, id, email and username', async () => {
      const before = (await api.get('/api/auth/verify', { token: owner.token })).body.data.user;
      const hijackName = uniqueName('hijack');
      const res = await api.put(
        '/api/auth/profile',
        {
          displayName: 'Сэнпай Тестов',
          skipOpening: true,
          role: 'admin',
          group: 'admin',
          isAdmin: true,
          rank: 'легенда',
          id: '00000000-0000-4000-8000-000000000000',
          email: uniqueEmail('hijack'),
          username: hijackName,
          passwordHash: 'x',
        },
        { token: owner.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ displayName: 'Сэнпай Тестов', skipOpening: true });

      const expectUnprivileged = (seen: Record<string, unknown>) =>
        expect(seen).toMatchObject({
          id: owner.id,
          username: owner.username,
          role: 'user',
          group: 'user',
          isAdmin: false,
          rank: before.rank,
          displayName: 'Сэнпай Тестов',
        });
      expectUnprivileged(res.body.data);

      const verified = (await api.get('/api/auth/verify', { token: owner.token })).body.data.user;
      expectUnprivileged(verified);
      expect(verified).toMatchObject({ email: owner.email, skipOpening: true, skipEnding: false });

      const profile = await api.get(`/api/users/profile/${owner.username}`);
      expect(profile.status).toBe(200);
      expectUnprivileged(profile.body.data);
      expect((await api.get(`/api/users/profile/${hijackName}`)).status).toBe(404);

      const [row] = await dbQuery('SELECT is_admin, user_group, rank, email, username FROM auth.users WHERE id = $1', [owner.id]);
      expect(row).toEqual({ is_admin: false, user_group: 'user', rank: before.rank, email: owner.email, username: owner.username });
      // The login still works with the old credentials: nothing about the account's identity moved.
      expect((await api.post('/api/auth/login', { email: owner.email, password: owner.password })).status).toBe(200);
    });

    it.each([
      ['a displayName of 200 characters', { displayName: 'я'.repeat(200) }, 'displayName', AUTH_MESSAGES.displayNameTooLong],
      [
        `a displayName of ${DISPLAY_NAME_MAX_LENGTH + 1} characters`,
        { displayName: 'a'.repeat(DISPLAY_NAME_MAX_LENGTH + 1) },
        'displayName',
        AUTH_MESSAGES.displayNameTooLong,
      ],
      ['an empty displayName', { displayName: '   ' }, 'displayName', AUTH_MESSAGES.allFieldsRequired],
      ['a javascript: avatar', { avatar: 'javascript:alert(1)' }, 'avatar', PROFILE_IMAGE_MESSAGE],
      ['a banner address with a quote', { profileBanner: `https://${ALLOWED_IMAGE_HOST}/a".png` }, 'profileBanner', PROFILE_IMAGE_MESSAGE],
      ['an avatar naming a folder', { avatar: '..' }, 'avatar', PROFILE_IMAGE_MESSAGE],
      [
        "an avatar on a host that is not allowed (it would log every viewer's IP)",
        { avatar: 'https://tracker.example.net/me.png' },
        'avatar',
        PROFILE_IMAGE_MESSAGE,
      ],
      ['a plain-http avatar on an allowed host', { avatar: `http://${ALLOWED_IMAGE_HOST}/me.png` }, 'avatar', PROFILE_IMAGE_MESSAGE],
      ['a non-boolean skipOpening', { skipOpening: 'yes' }, 'skipOpening', 'Неверный ввод: ожидалось boolean, получено string'],
    ])('answers 400 with the field for %s, and changes nothing', async (_, body, field, message) => {
      const before = (await api.get('/api/auth/verify', { token: owner.token })).body.data.user;
      const res = await api.put('/api/auth/profile', { ...body, skipEnding: !before.skipEnding }, { token: owner.token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: ErrorCode.ValidationFailed, message });
      expect(res.body.errors).toEqual([{ field, message }]);
      const after = (await api.get('/api/auth/verify', { token: owner.token })).body.data.user;
      expect(after).toEqual(before);
    });

    it('accepts an https avatar on an allowed host and a bare file name', async () => {
      const avatar = `https://${ALLOWED_IMAGE_HOST}/a/b.png`;
      const res = await api.put('/api/auth/profile', { avatar, profileBanner: 'banner-01.webp' }, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ avatar, profileBanner: 'banner-01.webp' });
    });
  });
});
