import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';

export const REDIS = Symbol('REDIS');
export const REDIS_OPTIONS = Symbol('REDIS_OPTIONS');

export interface RedisOptions {
  url: string;
  /** Namespaces every key, queue and channel, so several runs can share one Redis. */
  keyPrefix: string;
}

export const InjectRedis = () => Inject(REDIS);

export function createRedisClient(url: string, extra: Partial<import('ioredis').RedisOptions> = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableReadyCheck: true, ...extra });
}

/** One shared connection per process for plain commands (captchas, rate limits, caches). */
@Global()
@Module({})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  static forRoot(options: RedisOptions) {
    return {
      module: RedisModule,
      providers: [
        { provide: REDIS_OPTIONS, useValue: options },
        { provide: REDIS, useFactory: () => createRedisClient(options.url) },
      ],
      exports: [REDIS, REDIS_OPTIONS],
    };
  }

  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
