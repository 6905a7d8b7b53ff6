import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { AUTH_MESSAGES, ErrorCode, TELEGRAM_MESSAGES } from '@portal/contracts';
import { EventQueues } from '@portal/messaging';
import { type ApiClient, apiClient, waitFor } from '@portal/testing';
import { type FakeTelegram, startFakeTelegram } from '../fakes/fake-telegram-bot-api.cjs';
import { type Env, type RunningApp, startAuthService, startGateway } from '../support/test-apps';
import {
  ALLOWED_IMAGE_HOST,
  type AuthStack,
  dbQuery,
  ownRedisPrefix,
  register,
  RELAXED_AUTH_LIMITS,
  RELAXED_GATEWAY_LIMITS,
  STRONG_PASSWORD,
  startAuthStack,
  uniqueEmail,
  uniqueName,
} from './auth-test-kit';

const telegramEnv = (fake: FakeTelegram, extra: Env = {}): Env => ({
  TELEGRAM_API_URL: fake.url,
  TELEGRAM_BOT_TOKEN: fake.botToken,
  TELEGRAM_CHANNEL: `@${fake.channel.username}`,
  TELEGRAM_BOT_USERNAME: fake.botUsername,
  TELEGRAM_POLL_TIMEOUT_SECONDS: '1',
  ...extra,
});

let nextTelegramUser = 700_000_000 + Math.floor(Math.random() * 1_000_000);
const newTelegramUser = () => nextTelegramUser++;

async function createSession(api: ApiClient): Promise<{ sessionToken: string; botUrl: string }> {
  const res = await api.post('/api/telegram/create-session', {});
  expect(res.status).toBe(200);
  return res.body.data;
}

const check = (api: ApiClient, sessionToken: string) => api.post('/api/telegram/check-session', { sessionToken });

/** Waits until the bot has answered this user in the chat (it has handled their /start). */
const botAnswered = (fake: FakeTelegram, userId: number, count = 1) =>
  waitFor(async () => fake.sends.filter((send) => send.chatId === String(userId)).length >= count, 15_000);

async function verifiedSession(api: ApiClient, fake: FakeTelegram, userId: number): Promise<string> {
  fake.setMember(userId, 'member');
  const { sessionToken } = await createSession(api);
  fake.pressStart(userId, `check_${sessionToken}`);
  await waitFor(async () => (await check(api, sessionToken)).body.data?.verified === true, 15_000);
  return sessionToken;
}

const newAccount = (prefix: string) => ({ username: uniqueName(prefix), email: uniqueEmail(prefix), password: STRONG_PASSWORD });

describe('Telegram channel verification (getUpdates polling against a fake Bot API)', () => {
  let fake: FakeTelegram;
  let stack: AuthStack;
  let api: ApiClient;
  let prefix: Env;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    prefix = ownRedisPrefix('telegram');
    stack = await startAuthStack('telegram', { env: { ...prefix, ...telegramEnv(fake) } });
    api = stack.api;
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  it('describes the channel and says the check is required', async () => {
    const res = await api.get('/api/telegram/channel-info');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      required: true,
      channel: {
        title: fake.channel.title,
        description: fake.channel.description,
        username: fake.channel.username,
        url: `https://t.me/${fake.channel.username}`,
      },
    });
  });

  it('verifies a subscriber and registers them with the Telegram id of the session, not of the body', async () => {
    const userId = newTelegramUser();
    fake.setMember(userId, 'member');
    const { sessionToken, botUrl } = await createSession(api);
    expect(botUrl).toBe(`https://t.me/${fake.botUsername}`);
    expect(`check_${sessionToken}`.length).toBeLessThanOrEqual(64);
    expect((await check(api, sessionToken)).body.data).toEqual({ verified: false, userId: null });

    fake.pressStart(userId, `check_${sessionToken}`);
    await botAnswered(fake, userId);
    expect((await check(api, sessionToken)).body.data).toEqual({ verified: true, userId: String(userId) });
    expect(fake.sends.find((send) => send.chatId === String(userId))?.text).toMatch(/Подписка подтверждена/);

    const account = newAccount('tgok');
    const res = await register(api, { ...account, telegramSessionToken: sessionToken, telegramUserId: '42' } as never);
    expect(res.status).toBe(201);
    expect(res.body.data.user.telegramUserId).toBe(String(userId));
    const [row] = await dbQuery('SELECT telegram_user_id FROM auth.users WHERE id = $1', [res.body.data.user.id]);
    expect(row.telegram_user_id).toBe(String(userId));
  });

  it('registers one account per session: the same session a second time is refused', async () => {
    const sessionToken = await verifiedSession(api, fake, newTelegramUser());
    expect((await register(api, { ...newAccount('tgonce'), telegramSessionToken: sessionToken } as never)).status).toBe(201);
    const again = await register(api, { ...newAccount('tgtwice'), telegramSessionToken: sessionToken } as never);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: AUTH_MESSAGES.telegramRequired });
  });

  it('counts a restricted member who is still in the channel, and the owner', async () => {
    for (const [status, extra] of [
      ['restricted', { is_member: true }],
      ['creator', {}],
    ] as const) {
      const userId = newTelegramUser();
      fake.setMember(userId, status, extra);
      const { sessionToken } = await createSession(api);
      fake.pressStart(userId, `check_${sessionToken}`);
      await botAnswered(fake, userId);
      expect((await check(api, sessionToken)).body.data.verified).toBe(true);
    }
  });

  it('refuses a user who left, was never in the channel, or is restricted and out of it', async () => {
    const cases: Array<[number, (id: number) => void]> = [
      [newTelegramUser(), (id) => fake.setMember(id, 'left')],
      [newTelegramUser(), () => undefined],
      [newTelegramUser(), (id) => fake.setMember(id, 'restricted', { is_member: false })],
      [newTelegramUser(), (id) => fake.setMember(id, 'kicked')],
    ];
    for (const [userId, setUp] of cases) {
      setUp(userId);
      const { sessionToken } = await createSession(api);
      fake.pressStart(userId, `check_${sessionToken}`);
      await botAnswered(fake, userId);
      expect(fake.sends.find((send) => send.chatId === String(userId))?.text).toMatch(/не подписаны/);
      expect((await check(api, sessionToken)).body.data).toEqual({ verified: false, userId: null });
      const res = await register(api, { ...newAccount('tgno'), telegramSessionToken: sessionToken } as never);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(AUTH_MESSAGES.telegramRequired);
    }
  });

  it('refuses registration without a session, with a forged one, with a body telegramUserId alone, and with an expired one', async () => {
    const forged = 'A'.repeat(32);
    expect((await check(api, forged)).body.data).toEqual({ verified: false, userId: null });
    for (const extra of [{}, { telegramSessionToken: forged }, { telegramUserId: '12345' }]) {
      const res = await register(api, { ...newAccount('tgforged'), ...extra } as never);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'telegram', message: AUTH_MESSAGES.telegramRequired }]);
    }

    const sessionToken = await verifiedSession(api, fake, newTelegramUser());
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      await redis.pexpire(`${prefix.REDIS_KEY_PREFIX}auth:tg:session:${sessionToken}`, 1);
    } finally {
      redis.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await check(api, sessionToken)).body.data.verified).toBe(false);
    const res = await register(api, { ...newAccount('tgexpired'), telegramSessionToken: sessionToken } as never);
    expect(res.body.message).toBe(AUTH_MESSAGES.telegramRequired);
  });

  it('answers a /start of an unknown session with a hint and verifies nothing', async () => {
    const userId = newTelegramUser();
    fake.setMember(userId, 'member');
    fake.pressStart(userId, `check_${'B'.repeat(32)}`);
    await botAnswered(fake, userId);
    expect(fake.sends.find((send) => send.chatId === String(userId))?.text).toMatch(/Ссылка устарела/);
  });

  it('polls with one replica of two, and a restarted service does not handle an update again', async () => {
    const env = { ...RELAXED_AUTH_LIMITS, PROFILE_IMAGE_HOSTS: ALLOWED_IMAGE_HOST, ...prefix, ...telegramEnv(fake) };
    const second = await startAuthService(env);
    let third: RunningApp | undefined;
    try {
      const conflictsBefore = fake.conflicts;
      const users = [newTelegramUser(), newTelegramUser(), newTelegramUser()];
      for (const userId of users) await verifiedSession(api, fake, userId);
      // Two long polls at once would have ended one of them with 409 Conflict.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(fake.conflicts).toBe(conflictsBefore);
      expect(fake.activePolls).toBeLessThanOrEqual(1);

      third = await startAuthService(env);
      await second.close();
      const lastUser = newTelegramUser();
      await verifiedSession(api, fake, lastUser);
      for (const userId of [...users, lastUser]) {
        expect(fake.sends.filter((send) => send.chatId === String(userId))).toHaveLength(1);
      }
      expect(fake.conflicts).toBe(conflictsBefore);
    } finally {
      await second.close().catch(() => undefined);
      await third?.close();
    }
  });
});

describe('Telegram webhook mode', () => {
  let fake: FakeTelegram;
  let auth: RunningApp;
  let gateway: RunningApp;
  let api: ApiClient;
  const secret = 'webhook-secret-0123456789';

  beforeAll(async () => {
    fake = await startFakeTelegram();
    const env = {
      ...ownRedisPrefix('tghook'),
      ...telegramEnv(fake, { TELEGRAM_WEBHOOK_URL: 'https://portal.example.com/api/telegram/webhook', TELEGRAM_WEBHOOK_SECRET: secret }),
    };
    auth = await startAuthService({ ...RELAXED_AUTH_LIMITS, ...env });
    gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...env });
    api = apiClient(gateway.url);
  });
  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
    await fake?.close();
  });

  it('registers the webhook with its secret, never polls, and takes updates only with the secret header', async () => {
    await waitFor(async () => fake.webhook !== null);
    expect(fake.webhook).toEqual({ url: 'https://portal.example.com/api/telegram/webhook', secretToken: secret });

    const userId = newTelegramUser();
    fake.setMember(userId, 'administrator');
    const { sessionToken } = await createSession(api);
    const update = fake.pressStart(userId, `check_${sessionToken}`);

    for (const headers of [{}, { 'x-telegram-bot-api-secret-token': 'wrong-secret-0123456789' }] as Array<Record<string, string>>) {
      const refused = await api.post('/api/telegram/webhook', update, { headers });
      expect(refused.status).toBe(403);
    }
    expect((await check(api, sessionToken)).body.data.verified).toBe(false);

    const accepted = await api.post('/api/telegram/webhook', update, { headers: { 'x-telegram-bot-api-secret-token': secret } });
    expect(accepted.status).toBe(200);
    expect((await check(api, sessionToken)).body.data).toEqual({ verified: true, userId: String(userId) });
    // Telegram redelivers an update it saw fail: the second delivery changes nothing.
    await api.post('/api/telegram/webhook', update, { headers: { 'x-telegram-bot-api-secret-token': secret } });
    expect(fake.sends.filter((send) => send.chatId === String(userId))).toHaveLength(1);
    expect(fake.calls.some((call) => call.method === 'getUpdates')).toBe(false);
  });
});

describe('Telegram not configured', () => {
  let stack: AuthStack;

  beforeAll(async () => {
    stack = await startAuthStack('tgoff');
  });
  afterAll(() => stack?.close());

  it('says the check is off, creates no session, and registers as before without storing a Telegram id', async () => {
    const info = await stack.api.get('/api/telegram/channel-info');
    expect(info.body.data).toEqual({ required: false, channel: null });
    const session = await stack.api.post('/api/telegram/create-session', {});
    expect(session.status).toBe(409);
    expect(session.body.message).toBe(TELEGRAM_MESSAGES.off);
    const res = await register(stack.api, { ...newAccount('tgoff'), telegramUserId: '12345' } as never);
    expect(res.status).toBe(201);
    expect(res.body.data.user.telegramUserId).toBeNull();
  });
});

describe('Telegram notices: opt-in and a rate-limited queue', () => {
  const PER_SECOND = 5;
  let fake: FakeTelegram;
  let stack: AuthStack;
  let api: ApiClient;
  let prefix: Env;
  let events: EventQueues;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    prefix = ownRedisPrefix('tgnotice');
    stack = await startAuthStack('tgnotice', { env: { ...prefix, ...telegramEnv(fake, { TELEGRAM_SEND_PER_SECOND: String(PER_SECOND) }) } });
    api = stack.api;
    events = new EventQueues({ url: process.env.REDIS_URL!, keyPrefix: prefix.REDIS_KEY_PREFIX! });
  });
  afterAll(async () => {
    await events?.onApplicationShutdown();
    await stack?.close();
    await fake?.close();
  });

  /** A user registered with a verified Telegram; opted in to notices unless told otherwise. */
  async function telegramUser(optIn = true): Promise<{ id: string; chatId: string; token: string }> {
    const telegramId = newTelegramUser();
    const sessionToken = await verifiedSession(api, fake, telegramId);
    const res = await register(api, { ...newAccount('tgnote'), telegramSessionToken: sessionToken } as never);
    expect(res.status).toBe(201);
    const { token, user } = res.body.data;
    if (optIn) {
      const set = await api.put('/api/telegram/notices', { enabled: true }, { token });
      expect(set.status).toBe(200);
      expect(set.body.data.telegramNotices).toBe(true);
    }
    return { id: user.id, chatId: String(telegramId), token };
  }

  /** What the community's outbox relay hands the auth service when it stores a notification. */
  const notificationCreated = (userId: string, text: string, eventId: string = randomUUID()) =>
    events.enqueue(
      'auth',
      'community.notification.created',
      { eventId, occurredAt: new Date().toISOString(), notificationId: randomUUID(), userId, kind: 'order.released', text },
      eventId,
    );

  it('lets only a user with a verified Telegram opt in', async () => {
    const plain = await registerUserWithoutTelegram();
    const refused = await api.put('/api/telegram/notices', { enabled: true }, { token: plain.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TELEGRAM_MESSAGES.noticesNeedTelegram);
    expect((await api.put('/api/telegram/notices', { enabled: true })).status).toBe(401);
  });

  async function registerUserWithoutTelegram() {
    const res = await register(api, { ...newAccount('tgnone'), telegramSessionToken: await verifiedSession(api, fake, newTelegramUser()) } as never);
    await dbQuery('UPDATE auth.users SET telegram_user_id = NULL WHERE id = $1', [res.body.data.user.id]);
    return { token: res.body.data.token as string };
  }

  it('sends a flood of notices within 1 per second per chat and the global limit, and honours retry_after', async () => {
    const users = [];
    for (let index = 0; index < 6; index++) users.push(await telegramUser());
    const silent = await telegramUser(false);
    const sentBefore = fake.sends.length;
    fake.floodControl(2);

    const perUser = 3;
    const eventIds: string[] = [];
    for (let round = 0; round < perUser; round++) {
      for (const user of users) {
        const eventId = randomUUID();
        eventIds.push(eventId);
        await notificationCreated(user.id, `Заказ выполнен ${round} для ${user.chatId}`, eventId);
      }
    }
    await notificationCreated(silent.id, 'не для Telegram');
    // A redelivered event queues nothing twice.
    await notificationCreated(users[0].id, `Заказ выполнен 0 для ${users[0].chatId}`, eventIds[0]);

    await waitFor(async () => fake.sends.length - sentBefore >= users.length * perUser, 30_000, 200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const notices = fake.sends.slice(sentBefore);
    expect(notices).toHaveLength(users.length * perUser);
    expect(notices.some((send) => send.chatId === silent.chatId)).toBe(false);

    // Per chat: every notice in a second of its own, as the fake's clock counts seconds.
    for (const user of users) {
      const seconds = notices.filter((send) => send.chatId === user.chatId).map((send) => Math.floor(send.at / 1000));
      expect(seconds).toHaveLength(perUser);
      expect(new Set(seconds).size).toBe(perUser);
    }
    // Globally: no second of the fake's holds more than the limit.
    const perSecond = new Map<number, number>();
    for (const send of notices) perSecond.set(Math.floor(send.at / 1000), (perSecond.get(Math.floor(send.at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(PER_SECOND);

    // The refused one came back no sooner than retry_after said.
    const [refusal] = fake.refusals;
    expect(refusal.retryAfter).toBe(2);
    const retried = notices.find((send) => send.chatId === refusal.chatId && send.text === refusal.text);
    expect(retried).toBeDefined();
    expect(retried!.at - refusal.at).toBeGreaterThanOrEqual(2000);
  });
});
