import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { createRedisClient, REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/** Title ids whose remembered copies are out of date, or every title. */
export type ChangedTitles = number[] | 'all';

const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => Number.isInteger(id));

/**
 * Tells every community replica which titles changed. A catalogue event is applied by one replica
 * (its queue hands each job to one worker), but every replica remembers titles in memory. Pub/sub
 * loses what is sent while a subscriber reconnects, so a replica that (re)connects forgets every
 * title; a message it cannot read does the same.
 */
@Injectable()
export class AnimeRefsBroadcast implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AnimeRefsBroadcast.name);
  private readonly channel: string;
  private subscriber: Redis | undefined;
  private listener: (changed: ChangedTitles) => void = () => undefined;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
  ) {
    this.channel = `${options.keyPrefix}community:anime-refs:changed`;
  }

  /** The one listener: the replica's memory of titles. */
  onChange(listener: (changed: ChangedTitles) => void): void {
    this.listener = listener;
  }

  /** To every replica, this one included. A failure is logged: the copies in the table are already current. */
  async announce(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.redis.publish(this.channel, JSON.stringify(ids)).catch((error: unknown) => this.logger.warn(`title change not announced: ${String(error)}`));
  }

  async onApplicationBootstrap(): Promise<void> {
    // A subscriber connection cannot answer the ready check (INFO) when it reconnects.
    this.subscriber = createRedisClient(this.options.url, { enableReadyCheck: false });
    this.subscriber.on('message', (_channel: string, message: string) => this.listener(parse(message)));
    // Reconnections are ioredis's job; without a listener its transient errors are printed as unhandled.
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('ready', () => this.listener('all'));
    await this.subscriber.subscribe(this.channel);
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }
}

function parse(message: string): ChangedTitles {
  try {
    const value: unknown = JSON.parse(message);
    return isIdList(value) ? value : 'all';
  } catch {
    return 'all';
  }
}
