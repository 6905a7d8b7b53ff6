import { ClientRedis, type RedisOptions, ServerRedis } from '@nestjs/microservices';

type TransportOptions = NonNullable<RedisOptions['options']>;

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
