import type Redis from 'ioredis';
import { HANDLERS_GROUP, streamKeys } from './stream-keys';

/**
 * How many replicas of `service` are reading its request stream now: consumers of its group whose
 * liveness key is still set (renewed every second, kept 3 s, deleted by a replica that stops). A
 * service that never started, stopped, or died more than 3 s ago has none. It answers at once, so
 * a caller can tell a stopped service from a slow one without waiting for a call's deadline.
 */
export async function liveReplicasOf(redis: Redis, keyPrefix: string, service: string): Promise<number> {
  const keys = streamKeys(keyPrefix);
  let consumers: unknown[];
  try {
    consumers = (await redis.xinfo('CONSUMERS', keys.requests(service), HANDLERS_GROUP)) as unknown[];
  } catch (error) {
    // No stream or no group yet: no replica has ever read it (or Redis lost them with a restart).
    if (error instanceof Error && /no such key|NOGROUP/i.test(error.message)) return 0;
    throw error;
  }
  const names = consumers.map(consumerName).filter((name): name is string => name !== undefined);
  if (names.length === 0) return 0;
  const alive = await redis.mget(names.map((name) => keys.alive(name)));
  return alive.filter((value) => value !== null).length;
}

/** XINFO CONSUMERS answers each consumer as a flat list of field, value pairs. */
function consumerName(entry: unknown): string | undefined {
  if (!Array.isArray(entry)) return undefined;
  const index = entry.indexOf('name');
  return index >= 0 && typeof entry[index + 1] === 'string' ? (entry[index + 1] as string) : undefined;
}
