import { ErrorCode, VK_MESSAGES } from '@portal/contracts';
import { type FakeVkId, type FakeVkProfile, startFakeVkId } from '../fakes/fake-vk-id.cjs';
import { type AuthStack, dbQuery, registerUser, startAuthStack, uniqueDigits } from './auth-test-kit';

const REDIRECT_URL = 'https://portal.example.com/auth/vk/callback';

interface Callback {
  code: string;
  state: string;
  deviceId: string;
  cookie: string;
}

/** What a browser does: GET /api/auth/vk, follow to VK ID, come back to the callback screen with the query. */
async function signInAtVk(gatewayUrl: string, fake: FakeVkId): Promise<Callback & { authorize: URL }> {
  const start = await fetch(`${gatewayUrl}/api/auth/vk`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/authorize`);
  const setCookie = start.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^portal_vk_binding=[\w-]{20,};.*Path=\/api\/auth\/vk;.*HttpOnly; SameSite=Lax/);
  const atVk = await fetch(authorize, { redirect: 'manual' });
  expect(atVk.status).toBe(302);
  const back = new URL(atVk.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(REDIRECT_URL);
  return {
    authorize,
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
    deviceId: back.searchParams.get('device_id')!,
    cookie: setCookie.split(';')[0],
  };
}

async function finish(gatewayUrl: string, callback: Callback, token?: string) {
  const response = await fetch(`${gatewayUrl}/api/auth/vk/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: callback.cookie, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ code: callback.code, state: callback.state, deviceId: callback.deviceId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any>, setCookie: response.headers.get('set-cookie') };
}

const vkUser = (firstName: string, lastName: string, extra: Partial<FakeVkProfile> = {}): FakeVkProfile => ({
  user_id: Number(`9${uniqueDigits().slice(-8)}`),
  first_name: firstName,
  last_name: lastName,
  ...extra,
});

describe('VK ID sign-in (OAuth 2.1 + PKCE against a fake VK ID)', () => {
  let fake: FakeVkId;
  let stack: AuthStack;
  let url: string;

  beforeAll(async () => {
    fake = await startFakeVkId({ redirectUrl: REDIRECT_URL });
    stack = await startAuthStack('vkid', { env: { VK_CLIENT_ID: fake.clientId, VK_ID_URL: fake.url, VK_REDIRECT_URL: REDIRECT_URL } });
    url = stack.gateway.url;
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  it('says VK is on', async () => {
    const res = await stack.api.get('/api/auth/providers');
    expect(res.body.data).toEqual({ vk: true, telegram: false });
  });

  it('redirects with state and an S256 challenge, then creates an account, then signs into it', async () => {
    const suffix = uniqueDigits().slice(-6);
    const profile = vkUser('Иван', `Петров${suffix}`, { email: `vk.${suffix}@example.com` });
    fake.signInAs(profile);
    const first = await signInAtVk(url, fake);
    expect(first.authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(first.authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(first.authorize.searchParams.get('redirect_uri')).toBe(REDIRECT_URL);
    expect(first.state).toBe(first.authorize.searchParams.get('state'));

    const created = await finish(url, first);
    expect(created.status).toBe(200);
    expect(created.body.data.outcome).toBe('created');
    expect(created.body.data.user).toMatchObject({ username: `Иван_Петров${suffix}`, displayName: `Иван Петров${suffix}`, email: profile.email });
    expect(created.body.data.token).toEqual(expect.any(String));
    expect(created.setCookie).toMatch(/portal_vk_binding=;.*Max-Age=0/);

    const again = await finish(url, await signInAtVk(url, fake));
    expect(again.body.data.outcome).toBe('signed-in');
    expect(again.body.data.user.id).toBe(created.body.data.user.id);
    const verify = await stack.api.get('/api/auth/verify', { token: again.body.data.token });
    expect(verify.body.data.user.id).toBe(created.body.data.user.id);
    // A VK-only account has no password to sign in with.
    const login = await stack.api.post('/api/auth/login', { email: profile.email, password: '!vk-id' });
    expect(login.status).toBe(401);
  });

  it('takes a free variant of a taken nickname, and vk_<id> for a name the rules refuse', async () => {
    const lastName = `Сидоров${uniqueDigits().slice(-6)}`;
    const names: string[] = [];
    for (let index = 0; index < 2; index++) {
      fake.signInAs(vkUser('Пётр', lastName));
      names.push((await finish(url, await signInAtVk(url, fake))).body.data.user.username);
    }
    expect(names).toEqual([`Пётр_${lastName}`, `Пётр_${lastName}_2`]);

    for (const profile of [vkUser('Ан', ''), vkUser('1234', '')]) {
      fake.signInAs(profile);
      const res = await finish(url, await signInAtVk(url, fake));
      expect(res.body.data.user.username).toBe(`vk_${profile.user_id}`);
    }
  });

  it('links VK to the signed-in account, then signs into it with VK; a VK account linked elsewhere is refused', async () => {
    const user = await registerUser(stack.api, 'vklink');
    const profile = vkUser('Анна', `Link${uniqueDigits().slice(-6)}`);
    fake.signInAs(profile);
    const linked = await finish(url, await signInAtVk(url, fake), user.token);
    expect(linked.status).toBe(200);
    expect(linked.body.data.outcome).toBe('linked');
    expect(linked.body.data.user.id).toBe(user.id);
    const rows = await dbQuery(`SELECT user_id FROM auth.social_accounts WHERE provider = 'vk' AND provider_user_id = $1`, [String(profile.user_id)]);
    expect(rows).toEqual([{ user_id: user.id }]);

    const signedIn = await finish(url, await signInAtVk(url, fake));
    expect(signedIn.body.data).toMatchObject({ outcome: 'signed-in', user: { id: user.id } });

    const other = await registerUser(stack.api, 'vklink2');
    const refused = await finish(url, await signInAtVk(url, fake), other.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(VK_MESSAGES.alreadyLinked);
  });

  it('refuses a replayed state, a made-up state, and a callback from another browser', async () => {
    fake.signInAs(vkUser('Олег', `Replay${uniqueDigits().slice(-6)}`));
    const callback = await signInAtVk(url, fake);
    expect((await finish(url, callback)).status).toBe(200);
    const replayed = await finish(url, callback);
    expect(replayed.status).toBe(403);
    expect(replayed.body).toMatchObject({ success: false, code: ErrorCode.Forbidden, message: VK_MESSAGES.stateInvalid });

    const madeUp = await finish(url, { ...(await signInAtVk(url, fake)), state: 'x'.repeat(43) });
    expect(madeUp.status).toBe(403);

    const stolen = await signInAtVk(url, fake);
    const otherBrowser = await signInAtVk(url, fake);
    expect((await finish(url, { ...stolen, cookie: otherBrowser.cookie })).status).toBe(403);
    // The state is used up by the refused attempt too.
    expect((await finish(url, stolen)).status).toBe(403);
  });
});

describe('VK ID not configured', () => {
  let stack: AuthStack;

  beforeAll(async () => {
    stack = await startAuthStack('vkoff');
  });
  afterAll(() => stack?.close());

  it('hides the provider and sends /api/auth/vk back to the portal screen, never elsewhere', async () => {
    expect((await stack.api.get('/api/auth/providers')).body.data).toEqual({ vk: false, telegram: false });
    const start = await fetch(`${stack.gateway.url}/api/auth/vk`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/vk-auth?error=off');
    const callback = await stack.api.post('/api/auth/vk/callback', { code: 'c', state: 's', deviceId: 'd' });
    expect(callback.status).toBe(409);
    expect(callback.body.message).toBe(VK_MESSAGES.off);
  });
});
