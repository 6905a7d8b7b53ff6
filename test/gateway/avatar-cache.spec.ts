import { type ApiClient, apiClient } from '@portal/testing';
import { type RunningApp, startAuthService, startChatService, startGateway } from '../support/test-apps';
import { gatewayCallsOf } from '../support/gateway-calls';
import { ALLOWED_IMAGE_HOST, ownRedisPrefix, registerUser, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS } from '../auth/auth-test-kit';

/**
 * Issue #15: a chat post looked the author's avatar up in the auth service every time (the chat
 * bench's p99). The gateway now keeps looked-up avatars for a while, asks once for concurrent posts,
 * and asks again after the user changes their profile through it.
 */
describe('the avatar of chat posts', () => {
  const prefix = ownRedisPrefix('avatars');
  const started: RunningApp[] = [];
  let api: ApiClient;
  const profileLookups = () => gatewayCallsOf('auth.user.profile');

  beforeAll(async () => {
    started.push(await startAuthService({ ...RELAXED_AUTH_LIMITS, PROFILE_IMAGE_HOSTS: ALLOWED_IMAGE_HOST, ...prefix }));
    started.push(await startChatService({ ...prefix, CHAT_RATE_LIMIT_MESSAGES: '100' }));
    started.push(await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...prefix }));
    api = apiClient(started[2].url);
  }, 60_000);

  afterAll(async () => {
    for (const app of started.reverse()) await app.close();
  });

  it('asks the auth service once for many posts, and again after the author changes the avatar', async () => {
    const author = await registerUser(api, 'avatar');
    const post = (message: string) => api.post('/api/chat/messages', { message }, { token: author.token });
    const before = await profileLookups();

    const together = await Promise.all(Array.from({ length: 5 }, (_, index) => post(`вместе ${index}`)));
    for (let index = 0; index < 5; index++) expect((await post(`по одному ${index}`)).body.data.avatar).toBeNull();
    expect(together.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
    expect((await profileLookups()) - before).toBe(1);

    const avatar = `https://${ALLOWED_IMAGE_HOST}/me.png`;
    expect((await api.put('/api/auth/profile', { avatar }, { token: author.token })).status).toBe(200);
    expect((await post('с аватаром')).body.data.avatar).toBe(avatar);
    expect((await post('снова')).body.data.avatar).toBe(avatar);
    expect((await profileLookups()) - before).toBe(2);
  });
});
