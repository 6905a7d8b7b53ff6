import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';
import type { MessageHandler } from '@nestjs/microservices';
import { ErrorCode, GENERIC_MESSAGES, type RpcMeta, type RpcPattern } from '@portal/contracts';
import { type CallKind, RedisStreamsClient, RedisStreamsServer, RemoteServiceError, RpcClient, transportCall } from '@portal/messaging';
import { waitFor } from '@portal/testing';
import { ownRedisPrefix } from '../auth/auth-test-kit';

const ROOT = resolve(__dirname, '../..');
const REDIS_URL = process.env.REDIS_URL!;
const LIVENESS_MS = 600;
const meta = { requestId: 'streams-transport' } as RpcMeta;

/**
 * Issue #15: requests over Redis Streams, one consumer group per service. Each request is run by one
 * replica, its reply reaches only the asking client, a request past its deadline is dropped, and a
 * replica that dies holding a request hands a read to another replica but never runs a write twice.
 */
describe('the streams transport', () => {
  const redis = new Redis(REDIS_URL);
  const opened: { close: () => unknown }[] = [];

  afterAll(async () => {
    for (const item of opened.reverse()) await item.close();
    redis.disconnect();
  });

  const replica = async (
    prefix: string,
    handlers: Record<string, (data: unknown) => unknown>,
    extra: Partial<ConstructorParameters<typeof RedisStreamsServer>[0]> = {},
  ) => {
    const server = new RedisStreamsServer({ url: REDIS_URL, keyPrefix: prefix, livenessMs: LIVENESS_MS, ...extra });
    for (const [pattern, handler] of Object.entries(handlers)) {
      // A handler gets the packet's data, `{ meta, data }`, as a message controller does.
      server.addHandler(pattern, (async (packet: { data: unknown }) => handler(packet.data)) as MessageHandler);
    }
    await new Promise<void>((done, fail) => server.listen((error?: unknown) => (error ? fail(error as Error) : done())));
    opened.push(server);
    return server;
  };
  const client = async (prefix: string, options: { timeoutMs?: number; kind?: CallKind } = {}) => {
    const timeoutMs = options.timeoutMs ?? 5000;
    const transport = new RedisStreamsClient({ url: REDIS_URL, keyPrefix: prefix, requestTimeoutMs: timeoutMs, kindOf: () => options.kind ?? 'read' });
    await transport.connect();
    opened.push(transport);
    const rpc = new RpcClient(transport, timeoutMs);
    return (pattern: string, data: unknown) => rpc.send(pattern as RpcPattern, data as never, meta) as Promise<unknown>;
  };
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (error: unknown) => (error instanceof RemoteServiceError ? error.payload : error),
    );

  it('runs each of 400 requests once, on one of two replicas, both taking a share', async () => {
    const { REDIS_KEY_PREFIX: prefix } = ownRedisPrefix('streams-share');
    const ran = new Map<string, string[]>();
    const handlerOf = (name: string) => async (payload: unknown) => {
      const { n } = payload as { n: number };
      ran.set(String(n), [...(ran.get(String(n)) ?? []), name]);
      await new Promise((done) => setTimeout(done, 2));
      return { n, by: name };
    };
    await replica(prefix, { 'toy.work': handlerOf('a') });
    await replica(prefix, { 'toy.work': handlerOf('b') });
    const call = await client(prefix);

    const answers = (await Promise.all(Array.from({ length: 400 }, (_, n) => call('toy.work', { n })))) as { n: number; by: string }[];

    expect(answers.map((answer) => answer.n)).toEqual(Array.from({ length: 400 }, (_, n) => n));
    expect([...ran.values()].every((runs) => runs.length === 1)).toBe(true);
    expect(ran.size).toBe(400);
    const shares = { a: answers.filter((answer) => answer.by === 'a').length, b: answers.filter((answer) => answer.by === 'b').length };
    process.stdout.write(`400 requests over two replicas: a ran ${shares.a}, b ran ${shares.b}\n`);
    expect(shares.a).toBeGreaterThan(0);
    expect(shares.b).toBeGreaterThan(0);
    // Nothing is left behind in the stream once answered.
    expect(await redis.xlen(`${prefix}rpc:toy`)).toBe(0);
  });

  it('sends each reply only to the client that asked', async () => {
    const { REDIS_KEY_PREFIX: prefix } = ownRedisPrefix('streams-replies');
    await replica(prefix, { 'toy.echo': (data) => data });
    const first = await client(prefix);
    const second = await client(prefix);
    const listener = new Redis(REDIS_URL);
    opened.push({ close: () => listener.disconnect() });
    const repliesByChannel = new Map<string, number>();
    listener.on('pmessage', (_pattern: string, channel: string) => repliesByChannel.set(channel, (repliesByChannel.get(channel) ?? 0) + 1));
    await listener.psubscribe(`${prefix}rpc:reply:*`);

    const [fromFirst, fromSecond] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, (_, n) => first('toy.echo', { who: 'first', n }))),
      Promise.all(Array.from({ length: 20 }, (_, n) => second('toy.echo', { who: 'second', n }))),
    ]);

    expect(fromFirst.every((answer) => (answer as { who: string }).who === 'first')).toBe(true);
    expect(fromSecond.every((answer) => (answer as { who: string }).who === 'second')).toBe(true);
    await waitFor(async () => [...repliesByChannel.values()].reduce((sum, count) => sum + count, 0) === 50, 2000, 20);
    expect([...repliesByChannel.values()].sort((a, b) => a - b)).toEqual([20, 30]);
  });

  it('passes the call id and kind to the handler, and carries service errors as they are', async () => {
    const { REDIS_KEY_PREFIX: prefix } = ownRedisPrefix('streams-context');
    await replica(prefix, {
      'toy.who': () => transportCall.current(),
      'toy.fail': () => {
        throw { code: ErrorCode.Conflict, message: 'Уже есть' };
      },
      'toy.nothing': () => undefined,
    });
    const call = await client(prefix, { kind: 'write' });
    expect(await call('toy.who', {})).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), kind: 'write', run: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await failure(call('toy.fail', {}))).toEqual({ code: ErrorCode.Conflict, message: 'Уже есть' });
    expect(await call('toy.nothing', {})).toBeUndefined();
    expect(await failure(call('toy.unknown', {}))).toMatchObject({ code: ErrorCode.ServiceUnavailable });
  });

  it('drops a request whose deadline passed before a replica took it, instead of running it late', async () => {
    const { REDIS_KEY_PREFIX: prefix } = ownRedisPrefix('streams-deadline');
    const call = await client(prefix, { timeoutMs: 300 });
    // No replica is running: the caller gives up at its deadline.
    expect(await failure(call('toy.late', { n: 1 }))).toMatchObject({ code: ErrorCode.ServiceUnavailable });
    let ran = 0;
    await replica(prefix, {
      'toy.late': () => {
        ran += 1;
        return ran;
      },
    });
    await waitFor(async () => (await redis.xlen(`${prefix}rpc:toy`)) === 0, 3000, 20);
    expect(ran).toBe(0);
    expect(await call('toy.late', { n: 2 })).toBe(1);
  });

  describe('a replica killed while it holds a request', () => {
    /**
     * The caller's deadline in these tests: the takeover itself needs about the liveness window, but
     * starting the survivor and the held replica on a loaded 2-core machine can take seconds.
     */
    const TAKEOVER_DEADLINE_MS = 20_000;
    const children: ChildProcess[] = [];
    beforeAll(() => {
      execFileSync(process.execPath, ['--input-type=module', '-e', "import('./scripts/lib/setup.mjs').then((setup) => setup.ensureApiBuilt())"], {
        cwd: ROOT,
        stdio: 'inherit',
      });
    });
    afterAll(() => {
      for (const child of children) child.kill('SIGKILL');
    });

    /** Starts the held-request replica, sends `key`, and SIGKILLs the replica once it holds it. */
    const killHolding = async (prefix: string, send: () => Promise<unknown>, key: string) => {
      const child = spawn(process.execPath, [join(ROOT, 'test/fixtures/streams-replica.mjs')], {
        env: { ...process.env, REDIS_URL, KEY_PREFIX: prefix, LIVENESS_MS: String(LIVENESS_MS) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      await new Promise<void>((ready) => child.stdout!.once('data', () => ready()));
      const answer = send();
      await waitFor(async () => (await redis.lrange(`${prefix}held`, 0, -1)).includes(key), 3000, 10);
      const killedAt = Date.now();
      child.kill('SIGKILL');
      return { answer, killedAt };
    };

    it('runs a read again on another replica within the caller deadline', async () => {
      const { REDIS_KEY_PREFIX: prefix } = ownRedisPrefix('streams-dead-read');
      const call = await client(prefix, { kind: 'read', timeoutMs: TAKEOVER_DEADLINE_MS });
      const { answer, killedAt } = await killHolding(prefix, () => call('toy.hold', { key: 'r1' }), 'r1');
      await replica(prefix, { 'toy.hold': (data) => ({ servedBy: 'survivor', key: (data as { key: string }).key }) });
      expect(await answer).toEqual({ servedBy: 'survivor', key: 'r1' });
      process.stdout.write(`a read held by a killed replica was answered ${Date.now() - killedAt} ms after the kill (liveness ${LIVENESS_MS} ms)\n`);
    });

    it('never runs a write twice: without proof that nothing was committed the caller is told the outcome is unknown', async () => {
      const { REDIS_KEY_PREFIX: prefix } = ownRedisPrefix('streams-dead-write');
      const call = await client(prefix, { kind: 'write', timeoutMs: TAKEOVER_DEADLINE_MS });
      const { answer } = await killHolding(prefix, () => call('toy.hold', { key: 'w1' }), 'w1');
      let ranAgain = 0;
      await replica(prefix, {
        'toy.hold': () => {
          ranAgain += 1;
          return ranAgain;
        },
      });
      expect(await failure(answer)).toEqual({ code: ErrorCode.ServiceUnavailable, message: GENERIC_MESSAGES.outcomeUnknown });
      expect(ranAgain).toBe(0);
    });

    it('runs a write again when its idempotency key shows nothing of it was committed', async () => {
      const { REDIS_KEY_PREFIX: prefix } = ownRedisPrefix('streams-dead-write-safe');
      const call = await client(prefix, { kind: 'write', timeoutMs: TAKEOVER_DEADLINE_MS });
      const { answer } = await killHolding(prefix, () => call('toy.hold', { key: 'w2' }), 'w2');
      const asked: string[] = [];
      await replica(prefix, { 'toy.hold': () => 'applied once' }, { writeApplied: async (callId) => (asked.push(callId), false) });
      expect(await answer).toBe('applied once');
      expect(asked).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    });
  });
});
