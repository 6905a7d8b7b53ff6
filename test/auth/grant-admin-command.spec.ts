import { AUTH_MESSAGES } from '@portal/contracts';
import type { ApiClient } from '@portal/testing';
import { grantAdmin } from '../../apps/auth/src/cli/grant-admin';
import { testEnv } from '../support/test-apps';
import { type AuthStack, ownRedisPrefix, registerUser, startAuthStack } from './auth-test-kit';

describe('npm run admin -- <email>', () => {
  let stack: AuthStack;
  let api: ApiClient;
  const prefix = ownRedisPrefix('grant');

  beforeAll(async () => {
    stack = await startAuthStack('grant', { env: prefix });
    api = stack.api;
  });
  afterAll(() => stack?.close());

  it('makes an existing user an admin, effective on their current token', async () => {
    const user = await registerUser(api, 'grantee');
    expect((await api.get('/api/users', { token: user.token })).status).toBe(403);

    const granted = await grantAdmin(user.email.toUpperCase(), testEnv(prefix));

    expect(granted).toMatchObject({ id: user.id, isAdmin: true, role: 'admin' });
    expect((await api.get('/api/users', { token: user.token })).status).toBe(200);
  });

  it('refuses an unknown e-mail with the Russian message and changes nothing', async () => {
    await expect(grantAdmin('nobody.here@example.com', testEnv(prefix))).rejects.toMatchObject({
      payload: { message: AUTH_MESSAGES.userNotFound },
    });
  });
});
