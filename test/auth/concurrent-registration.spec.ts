import { AUTH_MESSAGES, ErrorCode } from '@portal/contracts';
import { type ApiClient } from '@portal/testing';
import { type AuthStack, dbQuery, solvedCaptcha, startAuthStack, STRONG_PASSWORD, uniqueEmail, uniqueName } from './auth-test-kit';

const RACERS = 10;

describe('concurrent registrations of one nickname or one email', () => {
  let stack: AuthStack;
  let api: ApiClient;

  beforeAll(async () => {
    // Ten argon2 hashes at once (four at a time) can pass the gateway's 5 s RPC deadline on a loaded
    // machine, and a racer answered 503 leaves no winner to check: this spec is about the race, not the deadline.
    stack = await startAuthStack('race', { env: { RPC_TIMEOUT_MS: '30000' } });
    api = stack.api;
  });
  afterAll(() => stack?.close());

  /** Each racer solves its own captcha first, so the registrations themselves start together. */
  async function race(forms: { username: string; email: string }[]) {
    const captchas = await Promise.all(forms.map(() => solvedCaptcha(api)));
    return Promise.all(forms.map((form, index) => api.post('/api/auth/register', { ...form, password: STRONG_PASSWORD, ...captchas[index], agreement: true })));
  }

  const statuses = (results: { status: number }[]) => results.map((res) => res.status).sort();

  it('lets exactly one of ten sign-ups with the same nickname win; the other nine get 409 USERNAME_TAKEN', async () => {
    const username = uniqueName('racer');
    const results = await race(Array.from({ length: RACERS }, () => ({ username, email: uniqueEmail('racer') })));

    expect(statuses(results)).toEqual([201, ...Array(RACERS - 1).fill(409)]);
    for (const res of results.filter((r) => r.status === 409)) {
      expect(res.body).toMatchObject({ success: false, code: ErrorCode.UsernameTaken, message: AUTH_MESSAGES.usernameTaken });
      expect(res.body.errors).toEqual([{ field: 'username', message: AUTH_MESSAGES.usernameTaken }]);
    }
    const winner = results.find((r) => r.status === 201)!;
    const rows = await dbQuery('SELECT id FROM auth.users WHERE lower(username) = lower($1)', [username]);
    expect(rows).toEqual([{ id: winner.body.data.user.id }]);
  });

  it('treats nicknames differing only in letter case as the same nickname under a race', async () => {
    const base = uniqueName('casey');
    const variants = Array.from({ length: RACERS }, (_, index) =>
      [...base].map((char, position) => ((index >> (position % 4)) & 1 ? char.toUpperCase() : char)).join(''),
    );
    const results = await race(variants.map((username) => ({ username, email: uniqueEmail('casey') })));

    expect(statuses(results)).toEqual([201, ...Array(RACERS - 1).fill(409)]);
    for (const res of results.filter((r) => r.status === 409)) expect(res.body.code).toBe(ErrorCode.UsernameTaken);
    const rows = await dbQuery('SELECT id FROM auth.users WHERE lower(username) = lower($1)', [base]);
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of ten sign-ups with the same email win; the other nine get 409 EMAIL_TAKEN', async () => {
    const email = uniqueEmail('shared');
    const results = await race(Array.from({ length: RACERS }, () => ({ username: uniqueName('mailracer'), email })));

    expect(statuses(results)).toEqual([201, ...Array(RACERS - 1).fill(409)]);
    for (const res of results.filter((r) => r.status === 409)) {
      expect(res.body).toMatchObject({ success: false, code: ErrorCode.EmailTaken, message: AUTH_MESSAGES.emailTaken });
      expect(res.body.errors).toEqual([{ field: 'email', message: AUTH_MESSAGES.emailTaken }]);
    }
    const winner = results.find((r) => r.status === 201)!;
    const rows = await dbQuery('SELECT id FROM auth.users WHERE lower(email) = lower($1)', [email]);
    expect(rows).toEqual([{ id: winner.body.data.user.id }]);
  });

  it('writes exactly one auth.user.registered event per race, for the winner only', async () => {
    const username = uniqueName('eventracer');
    const results = await race(Array.from({ length: RACERS }, () => ({ username, email: uniqueEmail('eventracer') })));
    expect(statuses(results)).toEqual([201, ...Array(RACERS - 1).fill(409)]);
    const winner = results.find((r) => r.status === 201)!;
    const events = await dbQuery("SELECT payload FROM auth.outbox WHERE event_name = 'auth.user.registered' AND lower(payload->>'username') = lower($1)", [
      username,
    ]);
    expect(events).toHaveLength(1);
    expect(events[0].payload.userId).toBe(winner.body.data.user.id);
  });
});
