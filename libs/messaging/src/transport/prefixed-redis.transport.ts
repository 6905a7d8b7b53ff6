import type { LoggerService } from '@nestjs/common';
import { ClientRedis, type ConsumerSerializer, type ProducerSerializer, type RedisOptions, ServerRedis } from '@nestjs/microservices';
import { ErrorCode, GENERIC_MESSAGES, type RpcErrorPayload } from '@portal/contracts';

type TransportOptions = NonNullable<RedisOptions['options']>;

/**
 * A request the client could not encode (too deeply nested, circular, a BigInt...): it fails that one
 * call, as a 400, and is never published.
 */
export class UnencodableMessageError extends Error {
  constructor(cause: unknown) {
    super('The request cannot be encoded as JSON', { cause });
  }
}

/**
 * Nest's Redis transport encodes a packet with JSON.stringify after the serializer ran, and on the
 * client's first call of a pattern it does so in a Redis callback, outside any try/catch: a packet
 * JSON.stringify cannot encode (a RangeError on deep nesting) would end the process. The serializer
 * is the one hook that runs inside Nest's own error handling, so it proves here that the packet
 * encodes (one more JSON.stringify per packet, for JSON sizes the gateway's body limit bounds) and
 * fails the call when it does not.
 */
function encodableRequests(inner: ProducerSerializer): ProducerSerializer {
  return {
    serialize(packet, options) {
      const serialized: unknown = inner.serialize(packet, options);
      try {
        JSON.stringify(serialized);
      } catch (error) {
        throw new UnencodableMessageError(error);
      }
      return serialized;
    },
  };
}

/**
 * On the service's side a reply that does not encode would throw in a process.nextTick callback (an
 * unhandled rejection ends the service); the call is answered with an internal error instead, and the
 * failure is logged.
 */
function encodableReplies(inner: ConsumerSerializer, logger: LoggerService): ConsumerSerializer {
  return {
    serialize(packet, options) {
      const serialized: unknown = inner.serialize(packet, options);
      try {
        JSON.stringify(serialized);
        return serialized;
      } catch (error) {
        const stack = error instanceof Error ? error.stack : undefined;
        logger.error(`The reply to request ${packet.id} cannot be encoded as JSON (${String(error)}): answered with an internal error`, stack);
        const err: RpcErrorPayload = { code: ErrorCode.Internal, message: GENERIC_MESSAGES.internal };
        return inner.serialize({ id: packet.id, err, isDisposed: true }, options);
      }
    },
  };
}

/**
 * Nest's Redis transport with every channel namespaced by the key prefix. Pub/sub channels are
 * global to a Redis server (databases do not separate them), so without this two portals, or two
 * test runs, on one Redis would answer each other's requests.
 */
export class PrefixedRedisServer extends ServerRedis {
  constructor(
    private readonly channelPrefix: string,
    options: TransportOptions,
  ) {
    super(options);
    this.serializer = encodableReplies(this.serializer, this.logger);
  }

  override getRequestPattern(pattern: string): string {
    return `${this.channelPrefix}${pattern}`;
  }

  override getHandlerByPattern(pattern: string) {
    const unprefixed = pattern.startsWith(this.channelPrefix) ? pattern.slice(this.channelPrefix.length) : pattern;
    return super.getHandlerByPattern(unprefixed);
  }
}

export class PrefixedRedisClient extends ClientRedis {
  constructor(
    private readonly channelPrefix: string,
    options: TransportOptions,
  ) {
    super(options);
    this.serializer = encodableRequests(this.serializer);
  }

  override getRequestPattern(pattern: string): string {
    return `${this.channelPrefix}${pattern}`;
  }

  override getReplyPattern(pattern: string): string {
    return `${this.channelPrefix}${pattern}.reply`;
  }
}

export function redisTransportOptions(url: string): TransportOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : undefined,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    retryAttempts: Number.MAX_SAFE_INTEGER,
    retryDelay: 500,
  };
}
