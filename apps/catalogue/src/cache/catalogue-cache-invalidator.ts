import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { CATALOGUE_CACHE } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/** Drops every cached catalogue response at every gateway replica (see CATALOGUE_CACHE). */
@Injectable()
export class CatalogueCacheInvalidator {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
  ) {}

  async invalidate(): Promise<void> {
    const generation = await this.redis.incr(`${this.options.keyPrefix}${CATALOGUE_CACHE.generationKey}`);
    await this.redis.publish(`${this.options.keyPrefix}${CATALOGUE_CACHE.generationChannel}`, String(generation));
  }
}
