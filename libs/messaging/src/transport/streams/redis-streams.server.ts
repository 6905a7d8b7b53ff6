import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { BaseRpcContext, type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import type Redis from 'ioredis';
import { lastValueFrom, type Observable } from 'rxjs';
import { ErrorCode, GENERIC_MESSAGES, type RpcErrorPayload } from '@portal/contracts';
import { createRedisClient } from '../../redis.module';
import { transportCall } from './call-context';
import { fromStreamFields, HANDLERS_GROUP, serviceOf, streamKeys, type StreamRequest } from './stream-keys';

export interface StreamsServerOptions {
  url: string;
  keyPrefix: string;
  /** A consumer whose liveness key is older than this is dead: its requests go to another replica. */
  livenessMs?: number;
  /** Requests one replica runs at once; past it the replica reads no more and the others take them. */
  maxInFlight?: number;
  /** Tells whether a write already committed something (its idempotency key found), for a write a dead replica held. */
  writeApplied?: (callId: string) => Promise<boolean>;
}

/** The context a handler's `@Ctx()` gets: the pattern, as Nest's Redis context gives the channel. */
export class StreamsContext extends BaseRpcContext<[string]> {
  getChannel(): string {
    return this.args[0];
  }
}

type Reply = { response: unknown } | { err: unknown };
type StreamEntry = [id: string, fields: string[]];

const READ_BATCH = 64;
const BLOCK_MS = 1000;
const RECLAIM_BATCH = 100;
const RECLAIM_EVERY_MS = 250;

const OUTCOME_UNKNOWN: RpcErrorPayload = { code: ErrorCode.ServiceUnavailable, message: GENERIC_MESSAGES.outcomeUnknown };
const INTERNAL: RpcErrorPayload = { code: ErrorCode.Internal, message: GENERIC_MESSAGES.internal };

/**
 * The service's side of the request/response transport (docs/architecture.md, «Requests»): every
 * replica of a service reads its stream in one consumer group, so each request is taken by exactly
 * one replica, and answers on the asking replica's own reply channel. A replica that dies holding
 * requests stops renewing its liveness key; the others then take its reads over, and its writes
 * only when nothing of them was committed (else the caller is told the outcome is unknown).
 */
export class RedisStreamsServer extends Server implements CustomTransportStrategy {
  readonly consumer = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly keys;
  private readonly livenessMs: number;
  private readonly maxInFlight: number;
  private reader?: Redis;
  private commands?: Redis;
  private streams: string[] = [];
  private inFlight = 0;
  private slotFreed?: () => void;
  private closed = false;
  private timers: NodeJS.Timeout[] = [];
  private reading?: Promise<void>;

  constructor(private readonly options: StreamsServerOptions) {
    super();
    this.keys = streamKeys(options.keyPrefix);
    this.livenessMs = options.livenessMs ?? 3000;
    this.maxInFlight = options.maxInFlight ?? 256;
    this.initializeSerializer({});
    this.initializeDeserializer({});
  }

  /** Set once the service's database is up (the transport is made before it). */
  useWriteCheck(writeApplied: (callId: string) => Promise<boolean>) {
    this.options.writeApplied = writeApplied;
  }

  listen(callback: (error?: unknown) => void) {
    this.start().then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }

  private async start() {
    this.closed = false;
    this.reader = createRedisClient(this.options.url, { maxRetriesPerRequest: null });
    // Auto-pipelining sends the replies of one tick in one write.
    this.commands = createRedisClient(this.options.url, { maxRetriesPerRequest: null, enableAutoPipelining: true });
    const services = new Set([...this.messageHandlers.keys()].map(serviceOf));
    this.streams = [...services].map((service) => this.keys.requests(service));
    await this.ensureGroups();
    await this.renewLiveness();
    this.timers.push(setInterval(() => void this.renewLiveness(), Math.max(100, Math.floor(this.livenessMs / 3))));
    // Looked for often: a dead replica's requests are taken over soon after its key expires, well within their deadline.
    this.timers.push(setInterval(() => void this.reclaimFromDead(), RECLAIM_EVERY_MS));
    this.reading = this.readLoop();
  }

  async close() {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.reader?.disconnect();
    await this.reading?.catch(() => undefined);
    await this.drain(5000);
    if (this.commands) {
      await this.commands.del(this.keys.alive(this.consumer)).catch(() => undefined);
      await this.commands.quit().catch(() => this.commands?.disconnect());
    }
  }

  on(): never {
    throw new Error('The streams transport has no events to listen to');
  }

  unwrap<T>(): T {
    return this.commands as T;
  }

  private async ensureGroups() {
    for (const stream of this.streams) {
      // From 0: requests added before the group existed (a Redis restart) are still served.
      await this.commands!.xgroup('CREATE', stream, HANDLERS_GROUP, '0', 'MKSTREAM').catch((error: Error) => {
        if (!error.message.includes('BUSYGROUP')) throw error;
      });
      // Listed in the group from the start (Redis 7.0 adds a blocked reader only once it is handed an
      // entry): a caller looks for the service's live replicas there (liveReplicasOf).
      await this.commands!.xgroup('CREATECONSUMER', stream, HANDLERS_GROUP, this.consumer);
    }
  }

  private async renewLiveness() {
    await this.commands!.set(this.keys.alive(this.consumer), '1', 'PX', this.livenessMs).catch(() => undefined);
  }

  private async readLoop() {
    while (!this.closed) {
      const room = this.maxInFlight - this.inFlight;
      if (room <= 0) {
        await new Promise<void>((resolve) => (this.slotFreed = resolve));
        continue;
      }
      let batches: [string, StreamEntry[]][] | null;
      try {
        batches = (await this.reader!.xreadgroup(
          'GROUP',
          HANDLERS_GROUP,
          this.consumer,
          'COUNT',
          Math.min(room, READ_BATCH),
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          ...this.streams,
          ...this.streams.map(() => '>'),
        )) as [string, StreamEntry[]][] | null;
      } catch (error) {
        if (this.closed) return;
        await this.recoverFromReadError(error);
        continue;
      }
      for (const [stream, entries] of batches ?? []) {
        for (const [entryId, fields] of entries) void this.handle(stream, entryId, fields, false);
      }
    }
  }

  /** A Redis restart loses the streams and their group (nothing is kept on disk): make them again. */
  private async recoverFromReadError(error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes('NOGROUP')) {
      await this.ensureGroups().catch(() => undefined);
      return;
    }
    this.logger.warn?.(`Reading requests failed (${message}); retrying`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  /** Takes over the requests of consumers whose liveness key has expired. */
  private async reclaimFromDead() {
    if (this.closed) return;
    try {
      for (const stream of this.streams) await this.reclaimStream(stream);
    } catch (error) {
      this.logger.warn?.(`Taking over requests of stopped replicas failed: ${String(error)}`);
    }
  }

  private async reclaimStream(stream: string) {
    const commands = this.commands!;
    const pending = (await commands.xpending(stream, HANDLERS_GROUP, 'IDLE', this.livenessMs, '-', '+', RECLAIM_BATCH)) as [string, string, number, number][];
    const holders = [...new Set(pending.map(([, consumer]) => consumer).filter((consumer) => consumer !== this.consumer))];
    if (holders.length === 0) return;
    const alive = await commands.mget(holders.map((consumer) => this.keys.alive(consumer)));
    const dead = new Set(holders.filter((_, index) => alive[index] === null));
    const orphans = pending.filter(([, consumer]) => dead.has(consumer)).map(([entryId]) => entryId);
    if (orphans.length === 0) return;
    // XCLAIM with a minimum idle time: when two replicas race for an entry, only one gets it.
    const claimed = (await commands.xclaim(stream, HANDLERS_GROUP, this.consumer, this.livenessMs, ...orphans)) as (StreamEntry | null)[];
    for (const entry of claimed) {
      if (entry) void this.handle(stream, entry[0], entry[1], true);
    }
  }

  private async handle(stream: string, entryId: string, fields: string[], takenOver: boolean) {
    this.inFlight += 1;
    try {
      const request = fromStreamFields(fields);
      if (!request) {
        this.logger.warn?.(`Dropped a malformed request entry ${entryId} of ${stream}`);
        return await this.settle(stream, entryId);
      }
      if (Date.now() > request.deadline) {
        this.logger.warn?.(`Dropped ${request.pattern} (${request.id}): past its deadline`);
        return await this.settle(stream, entryId);
      }
      if (takenOver && request.kind === 'write' && !(await this.safeToRunAgain(request))) {
        return await this.answer(stream, entryId, request, { err: OUTCOME_UNKNOWN });
      }
      await this.answer(stream, entryId, request, await this.run(request));
    } catch (error) {
      // Redis went away while answering: the entry stays pending and is taken over or dropped at its deadline.
      this.logger.warn?.(`Answering request entry ${entryId} failed: ${String(error)}`);
    } finally {
      this.inFlight -= 1;
      this.slotFreed?.();
      this.slotFreed = undefined;
    }
  }

  private async safeToRunAgain(request: StreamRequest): Promise<boolean> {
    if (!this.options.writeApplied) return false;
    return !(await this.options.writeApplied(request.id));
  }

  private async run(request: StreamRequest): Promise<Reply> {
    const handler = this.getHandlerByPattern(request.pattern);
    if (!handler) return { err: NO_MESSAGE_HANDLER };
    const data: unknown = JSON.parse(request.body);
    const context = new StreamsContext([request.pattern]);
    return transportCall.run({ id: request.id, kind: request.kind, run: randomUUID() }, async () => {
      try {
        const result$: Observable<unknown> = this.transformToObservable(await handler(data, context));
        return { response: await lastValueFrom(result$, { defaultValue: undefined }) };
      } catch (error) {
        return { err: isErrorPayload(error) ? error : INTERNAL };
      }
    });
  }

  /**
   * Publishes the reply, then retires the entry (pipelined with it). Dying between the two leaves the
   * entry pending: taken over later, a read runs again and a write finds its record, unseen by the
   * caller, which has its answer already.
   */
  private async answer(stream: string, entryId: string, request: StreamRequest, reply: Reply) {
    await Promise.all([this.commands!.publish(request.reply, this.encodeReply(request, reply)), this.settle(stream, entryId)]);
  }

  private async settle(stream: string, entryId: string) {
    await Promise.all([this.commands!.xack(stream, HANDLERS_GROUP, entryId), this.commands!.xdel(stream, entryId)]);
  }

  /** A reply that cannot be encoded (deep, circular, BigInt) is answered as an internal error and logged. */
  private encodeReply(request: StreamRequest, reply: Reply): string {
    try {
      return JSON.stringify(this.serializer.serialize({ id: request.id, ...reply }));
    } catch (error) {
      const stack = error instanceof Error ? error.stack : undefined;
      this.logger.error(`The reply to request ${request.id} cannot be encoded as JSON (${String(error)}): answered with an internal error`, stack);
      return JSON.stringify({ id: request.id, err: INTERNAL });
    }
  }

  private async drain(withinMs: number) {
    const until = Date.now() + withinMs;
    while (this.inFlight > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function isErrorPayload(value: unknown): value is RpcErrorPayload {
  return (
    typeof value === 'object' && value !== null && typeof (value as RpcErrorPayload).code === 'string' && typeof (value as RpcErrorPayload).message === 'string'
  );
}
