import { randomUUID } from 'node:crypto';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import type Redis from 'ioredis';
import { kindOf } from '@portal/contracts/operations';
import { createRedisClient } from '../../redis.module';
import { encodeRequest } from '../encoding';
import { type CallKind, serviceOf, streamKeys, toStreamFields } from './stream-keys';

export interface StreamsClientOptions {
  url: string;
  keyPrefix: string;
  /** The caller's deadline: a request not answered by then is dropped by the service, not run late. */
  requestTimeoutMs: number;
  /** Whether a pattern only reads (a read may run again on another replica; a write never). */
  kindOf: (pattern: string) => CallKind;
  /** Bound of a request stream while no replica reads it (a service down): the oldest go first. */
  maxStreamLength?: number;
}

interface ReplyPacket {
  id: string;
  response?: unknown;
  err?: unknown;
}

/**
 * The calling side of the request/response transport: a request is appended to the target service's
 * stream, and the reply comes back on this replica's own channel, which no other replica hears.
 */
export class RedisStreamsClient extends ClientProxy {
  private readonly clientId = randomUUID();
  private readonly keys;
  private readonly replyChannel: string;
  private readonly waiting = new Map<string, (packet: WritePacket) => void>();
  private commands?: Redis;
  private subscriber?: Redis;
  private connecting?: Promise<void>;

  constructor(private readonly options: StreamsClientOptions) {
    super();
    this.keys = streamKeys(options.keyPrefix);
    this.replyChannel = this.keys.replies(this.clientId);
    this.initializeSerializer({});
    this.initializeDeserializer({});
  }

  connect(): Promise<void> {
    this.connecting ??= this.open().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  private async open() {
    // Auto-pipelining sends the requests of one tick in one write.
    this.commands = createRedisClient(this.options.url, { enableAutoPipelining: true });
    this.subscriber = createRedisClient(this.options.url, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, message: string) => this.onReply(message));
    await this.subscriber.subscribe(this.replyChannel);
  }

  async close() {
    this.connecting = undefined;
    const connections = [this.subscriber, this.commands];
    this.subscriber = this.commands = undefined;
    const open = connections.filter((redis) => redis !== undefined);
    await Promise.all(open.map((redis) => redis.quit().catch(() => redis.disconnect())));
  }

  unwrap<T>(): T {
    return this.commands as T;
  }

  override on(): never {
    throw new Error('The streams transport has no events to listen to');
  }

  protected publish(packet: ReadPacket<unknown>, callback: (packet: WritePacket) => void): () => void {
    // Nest types a pattern `any`; the portal's are strings (RpcPattern), which name the stream and the kind of call.
    const pattern: unknown = packet.pattern;
    if (typeof pattern !== 'string') {
      callback({ err: new TypeError('The streams transport takes string patterns'), isDisposed: true });
      return () => undefined;
    }
    // The request's data goes as its JSON body (the serializer is Nest's identity one: initializeSerializer({})).
    const body = encodeRequest(packet.data);
    if (typeof body !== 'string') {
      callback({ err: body, isDisposed: true });
      return () => undefined;
    }
    const id = randomUUID();
    this.waiting.set(id, callback);
    const fields = toStreamFields({
      id,
      pattern,
      body,
      reply: this.replyChannel,
      deadline: Date.now() + this.options.requestTimeoutMs,
      kind: this.options.kindOf(pattern),
    });
    const maxLength = this.options.maxStreamLength ?? 10_000;
    this.commands!.xadd(this.keys.requests(serviceOf(pattern)), 'MAXLEN', '~', maxLength, '*', ...fields).catch((error: unknown) => {
      if (this.waiting.delete(id)) callback({ err: error, isDisposed: true });
    });
    return () => this.waiting.delete(id);
  }

  protected dispatchEvent(): Promise<never> {
    return Promise.reject(new Error('Events travel through the outbox, not the request transport'));
  }

  private onReply(message: string) {
    let reply: ReplyPacket;
    try {
      reply = JSON.parse(message) as ReplyPacket;
    } catch {
      return;
    }
    const callback = this.waiting.get(reply.id);
    if (!callback) return;
    this.waiting.delete(reply.id);
    if (reply.err !== undefined) return callback({ err: reply.err, isDisposed: true });
    // Two steps, as Nest's own transports do, so a handler that returns nothing still yields a value.
    callback({ response: reply.response, isDisposed: false });
    callback({ isDisposed: true });
  }
}

/** The portal's client: the request timeout is the caller's deadline, and the contracts say what is a read. */
export function createRpcTransport(config: { REDIS_URL: string; REDIS_KEY_PREFIX: string; RPC_TIMEOUT_MS: number }): RedisStreamsClient {
  return new RedisStreamsClient({
    url: config.REDIS_URL,
    keyPrefix: config.REDIS_KEY_PREFIX,
    requestTimeoutMs: config.RPC_TIMEOUT_MS,
    kindOf,
  });
}
