import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { CATALOGUE_CACHE } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/**
 * The next generation: one past the current one, and never below the clock in milliseconds. A plain
 * counter started again from 1 when Redis came back empty (a restart without persistence), below the
 * generation every gateway held, which ignored it as an old announcement and served its cached
 * answers from before the change until restarted.
 */
const NEXT_GENERATION = `local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local nextGeneration = math.max(current + 1, tonumber(ARGV[1]))
redis.call('SET', KEYS[1], string.format('%d', nextGeneration))
return string.format('%d', nextGeneration)`;

/** Drops every cached catalogue response at every gateway replica (see CATALOGUE_CACHE). */
@Injectable()
export class CatalogueCacheInvalidator {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
  ) {}

  async invalidate(): Promise<void> {
    const generation = (await this.redis.eval(NEXT_GENERATION, 1, `${this.options.keyPrefix}${CATALOGUE_CACHE.generationKey}`, Date.now())) as string;
    await this.redis.publish(`${this.options.keyPrefix}${CATALOGUE_CACHE.generationChannel}`, generation);
  }
}
