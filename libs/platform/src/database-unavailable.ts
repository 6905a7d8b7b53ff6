/**
 * Whether an error says the database (or Redis) could not be reached (so nothing was done), or the connection
 * was lost while a statement ran (so a write may or may not have committed), rather than a bug.
 * Node's socket errors, and PostgreSQL's connection (class 08), shutdown and start-up (57P0x) and
 * too-many-connections codes; TypeORM keeps the driver's error in `driverError`. ioredis giving up
 * while Redis is down (a rate limiter's count, a cache) counts as a lost connection.
 */
export type DatabaseUnavailable = 'unreachable' | 'connection-lost';

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', '57P03', '53300', '08001', '08004']);
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '08000', '08003', '08006']);
const UNREACHABLE_MESSAGES = [/timeout exceeded when trying to connect/i, /Connection terminated due to connection timeout/i];
const LOST_MESSAGES = [/Connection terminated/i, /not queryable/i];
/** ioredis giving up on a command while Redis is down: whether it ran is not known. */
const REDIS_LOST_NAMES = new Set(['MaxRetriesPerRequestError']);
const REDIS_LOST_MESSAGES = [/^Connection is closed\.?$/];

export function databaseUnavailable(error: unknown): DatabaseUnavailable | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    if ((typeof code === 'string' && UNREACHABLE_CODES.has(code)) || UNREACHABLE_MESSAGES.some((pattern) => pattern.test(text))) return 'unreachable';
    if ((typeof code === 'string' && LOST_CODES.has(code)) || LOST_MESSAGES.some((pattern) => pattern.test(text))) return 'connection-lost';
    const { name } = current as { name?: unknown };
    if ((typeof name === 'string' && REDIS_LOST_NAMES.has(name)) || REDIS_LOST_MESSAGES.some((pattern) => pattern.test(text))) return 'connection-lost';
    current = (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return null;
}
