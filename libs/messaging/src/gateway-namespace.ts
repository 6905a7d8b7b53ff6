import { Emitter } from '@socket.io/redis-emitter';
import type { EventsMap } from '@socket.io/redis-emitter/dist/typed-events';
import type Redis from 'ioredis';
import { socketIoRedisKey } from '@portal/contracts';
import type { RedisOptions } from './redis.module';

/**
 * A namespace of the gateways' socket.io servers, for a service to push to: the Redis emitter publishes
 * on the channels the gateways' socket.io Redis adapter listens to, so a push reaches a client whichever
 * gateway replica holds its socket. Best effort: the emitter ignores the promise of its PUBLISH; caught
 * here, a Redis outage goes to `failed` (a log line), never to an unhandled rejection, which would end
 * the service's process (test/scale/chaos-redis.spec.ts).
 */
export function gatewayNamespace<Events extends EventsMap>(
  redis: Redis,
  options: RedisOptions,
  namespace: string,
  failed: (error: unknown) => void,
): Emitter<Events> {
  const publisher = { publish: (channel: string, message: Buffer | string) => redis.publish(channel, message).catch(failed) };
  return new Emitter<Events>(publisher, { key: socketIoRedisKey(options.keyPrefix) }).of(namespace);
}
