import { Logger, type LoggerService } from '@nestjs/common';
import type { MessageHandler } from '@nestjs/microservices';
import { ErrorCode, GENERIC_MESSAGES, type RpcMeta, type RpcPattern } from '@portal/contracts';
import { RedisStreamsClient, RedisStreamsServer, RemoteServiceError, RpcClient } from '@portal/messaging';
import { ownRedisPrefix } from '../auth/auth-test-kit';
import { watchEscapedErrors } from '../support/escaped-errors';

/** An object `depth` levels deep: JSON.stringify overflows the call stack on it. */
function deep(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const circular = () => {
  const value: Record<string, unknown> = { name: 'loop' };
  value.self = value;
  return value;
};

/**
 * Issue #12: Nest's Redis transport JSON.stringify-ed packets where a failure ended the process. The
 * streams transport that replaced it (#15) keeps the rule: over a real Redis, an unencodable request
 * or reply fails that call only.
 */
describe('the Redis transport never throws outside a call', () => {
  const { REDIS_KEY_PREFIX: prefix } = ownRedisPrefix('transport');
  const url = process.env.REDIS_URL!;
  const server = new RedisStreamsServer({ url, keyPrefix: prefix });
  const client = new RedisStreamsClient({ url, keyPrefix: prefix, requestTimeoutMs: 5000, kindOf: () => 'read' });
  const rpc = new RpcClient(client, 5000);
  const meta = { requestId: 'transport-safety' } as RpcMeta;
  const call = (pattern: string, data: unknown) => rpc.send(pattern as RpcPattern, data as never, meta) as Promise<unknown>;
  /** The error a call fails with (a RemoteServiceError), or a failure of the test when it succeeds. */
  const failureOf = async (pattern: string, data: unknown) => {
    const error = await call(pattern, data).then(
      () => new Error('the call succeeded'),
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(RemoteServiceError);
    return (error as RemoteServiceError).payload;
  };

  const { escaped, start: watchEscapes, stop: unwatchEscapes } = watchEscapedErrors();
  /** Nest's log lines of errors (the transport's own logger), instead of the console. */
  const loggedErrors: string[] = [];
  const quiet = () => undefined;
  const capture: LoggerService = { log: quiet, warn: quiet, debug: quiet, verbose: quiet, error: (message: unknown) => loggedErrors.push(String(message)) };

  const handle = (pattern: string, handler: (data: unknown) => unknown) =>
    server.addHandler(pattern, (async (packet: { data: unknown }) => handler(packet.data)) as MessageHandler);

  beforeAll(async () => {
    Logger.overrideLogger(capture);
    watchEscapes();
    for (const pattern of ['echo.first', 'echo.again', 'echo.circular', 'echo.bigint']) handle(pattern, (data) => data);
    handle('reply.deep', () => deep(10_000));
    handle('reply.circular', () => circular());
    handle('reply.bigint', () => ({ count: 1n }));
    await new Promise<void>((resolve, reject) => server.listen((error?: unknown) => (error ? reject(error as Error) : resolve())));
    await client.connect();
  });
  afterAll(async () => {
    unwatchEscapes();
    await client.close();
    await server.close();
  });

  afterEach(() => {
    expect(escaped).toEqual([]);
  });

  it('fails a 10,000-deep request on a pattern called for the first time with 400, and the next call works', async () => {
    // ValidationFailed, not the client's ServiceUnavailable at its deadline: the server answered the call.
    expect(await failureOf('echo.first', deep(10_000))).toEqual({ code: ErrorCode.ValidationFailed, message: GENERIC_MESSAGES.badRequest });
    expect(await call('echo.first', { ok: 1 })).toEqual({ ok: 1 });
  });

  it('fails a deep request on a pattern already in use the same way', async () => {
    expect(await call('echo.again', { n: 1 })).toEqual({ n: 1 });
    expect(await failureOf('echo.again', deep(10_000))).toEqual({ code: ErrorCode.ValidationFailed, message: GENERIC_MESSAGES.badRequest });
    expect(await call('echo.again', { n: 2 })).toEqual({ n: 2 });
  });

  it('fails circular and BigInt requests with 400', async () => {
    expect(await failureOf('echo.circular', circular())).toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(await failureOf('echo.bigint', { count: 1n })).toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(await call('echo.circular', { fine: true })).toEqual({ fine: true });
  });

  it('answers a handler whose reply cannot be encoded with an internal error, and the service keeps answering', async () => {
    for (const pattern of ['reply.deep', 'reply.circular', 'reply.bigint']) {
      expect(await failureOf(pattern, {})).toEqual({ code: ErrorCode.Internal, message: GENERIC_MESSAGES.internal });
    }
    // Logged on the service's side, with the cause.
    expect(loggedErrors.filter((line) => /cannot be encoded as JSON/.test(line))).toEqual([
      expect.stringContaining('Maximum call stack size exceeded'),
      expect.stringContaining('circular structure'),
      expect.stringContaining('BigInt'),
    ]);
    expect(await failureOf('reply.deep', {})).toMatchObject({ code: ErrorCode.Internal });
    expect(await call('echo.again', { still: 'up' })).toEqual({ still: 'up' });
  });
});
