import type Redis from 'ioredis';
import { ErrorCode, sanctionKeys, type SanctionNotice } from '@portal/contracts';
import { RemoteServiceError } from './rpc-client';
import { SANCTION_CACHE_MS, SanctionLookup } from './sanction-lookup';

const USER = '00000000-0000-4000-8000-000000000001';
const later = () => new Date(Date.now() + 3_600_000).toISOString();

function fakeRedis(values: Record<string, SanctionNotice>) {
  const store = new Map(Object.entries(values).map(([key, value]) => [key, JSON.stringify(value)]));
  const redis = {
    mget: jest.fn(async (...keys: string[]) => keys.map((key) => store.get(key) ?? null)),
    get: jest.fn(async (key: string) => store.get(key) ?? null),
  };
  return { redis, store, lookup: new SanctionLookup(redis as unknown as Redis) };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof RemoteServiceError ? error.payload.code : error),
  );

describe('SanctionLookup', () => {
  afterEach(() => jest.useRealTimers());

  it('asks Redis once per user per cache window, then again', async () => {
    jest.useFakeTimers({ now: Date.now() });
    const { redis, lookup } = fakeRedis({});
    await lookup.assertNotBanned(USER);
    await lookup.assertMayWrite(USER, true);
    expect(redis.mget).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(SANCTION_CACHE_MS);
    await lookup.assertNotBanned(USER);
    expect(redis.mget).toHaveBeenCalledTimes(2);
  });

  it('refuses a full ban everything, a read-only user writes only, a muted user the chat only', async () => {
    const full = fakeRedis({ [sanctionKeys.ban(USER)]: { kind: 'full', reason: 'Спам', until: later() } }).lookup;
    expect(await codeOf(full.assertNotBanned(USER))).toBe(ErrorCode.UserBanned);
    const readOnly = fakeRedis({ [sanctionKeys.ban(USER)]: { kind: 'read-only', reason: 'Спам', until: null } }).lookup;
    expect(await codeOf(readOnly.assertNotBanned(USER))).toBeNull();
    expect(await codeOf(readOnly.assertMayWrite(USER, false))).toBe(ErrorCode.UserReadOnly);
    const muted = fakeRedis({ [sanctionKeys.chatMute(USER)]: { kind: 'chat-mute', reason: 'Флуд', until: later() } }).lookup;
    expect(await codeOf(muted.assertMayWrite(USER, false))).toBeNull();
    expect(await codeOf(muted.assertMayWrite(USER, true))).toBe(ErrorCode.ChatMuted);
  });

  it('carries the sanction in the refusal for the web', async () => {
    const notice: SanctionNotice = { kind: 'full', reason: 'Взлом', until: null };
    const { lookup } = fakeRedis({ [sanctionKeys.ban(USER)]: notice });
    await expect(lookup.assertNotBanned(USER)).rejects.toMatchObject({
      payload: { code: ErrorCode.UserBanned, sanction: notice, message: 'Ваш аккаунт заблокирован навсегда: Взлом' },
    });
  });

  it('ignores a sanction already over, and lets requests through when Redis fails', async () => {
    const { lookup } = fakeRedis({ [sanctionKeys.ban(USER)]: { kind: 'full', reason: 'x', until: new Date(Date.now() - 1000).toISOString() } });
    expect(await codeOf(lookup.assertNotBanned(USER))).toBeNull();
    const broken = new SanctionLookup({
      mget: jest.fn().mockRejectedValue(new Error('down')),
      get: jest.fn().mockRejectedValue(new Error('down')),
    } as unknown as Redis);
    expect(await codeOf(broken.assertNotBanned(USER))).toBeNull();
    expect(await codeOf(broken.assertIpAllowed('192.0.2.1'))).toBeNull();
  });
});
