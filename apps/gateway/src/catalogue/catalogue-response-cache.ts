import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { CATALOGUE_CACHE } from '@portal/contracts';

/** Public catalogue reads whose answers are the same for everyone until the catalogue changes. */
const CACHEABLE = [
  /^\/api\/anime(\/(popular|top|new|search|suggest|\d+))?$/,
  /^\/api\/genres$/,
  /^\/api\/genre\/[\w-]+$/,
  /^\/api\/characters(\/\d+)?$/,
  /^\/api\/seiyuu\/\d+$/,
  /^\/api\/collections(\/(featured|\d+))?$/,
];
const MEMORY_ENTRIES = 2000;

interface Entry {
  generation: string;
  etag: string;
  /** The body, encoded once so that a hit does not encode it again. */
  bytes: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    catalogueCache?: { key: string; generation: string };
  }
}

/** Path plus sorted query, so ?a=1&b=2 and ?b=2&a=1 share an entry. */
export function cacheKeyOf(url: string): string | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!CACHEABLE.some((pattern) => pattern.test(path))) return null;
  if (queryAt === -1) return path;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  params.sort();
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * Answers repeated catalogue reads without asking the catalogue: from this replica's memory, else
 * from Redis (shared by the replicas). Every entry belongs to a generation; the catalogue bumps the
 * generation after each change and announces it, so every replica drops its entries at once.
 */
export class CatalogueResponseCache {
  private generation = '0';
  private readonly memory = new Map<string, Entry>();

  constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly keyPrefix: string,
    private readonly ttlSeconds: number,
  ) {}

  async start(): Promise<void> {
    const channel = `${this.keyPrefix}${CATALOGUE_CACHE.generationChannel}`;
    this.subscriber.on('message', (_, generation: string) => this.setGeneration(generation));
    // Reconnections are ioredis's job; without a listener its transient errors are printed as unhandled.
    this.subscriber.on('error', () => undefined);
    // After a reconnect the announcements missed meanwhile are lost: read the current generation again.
    this.subscriber.on('ready', () => void this.refreshGeneration());
    await this.subscriber.subscribe(channel);
    await this.refreshGeneration();
  }

  /**
   * Waits for a write through this replica, then catches up with the generation it bumped, so the
   * writer's next read is fresh even if the announcement is still on its way.
   */
  async afterWrite<T>(write: Promise<T>): Promise<T> {
    const result = await write;
    await this.refreshGeneration();
    return result;
  }

  async stop(): Promise<void> {
    this.subscriber.disconnect();
  }

  register(fastify: FastifyInstance): void {
    // Callback hooks: a hit from this replica's memory is answered without a promise.
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET') return done();
      const key = cacheKeyOf(request.url);
      if (!key) return done();
      const generation = this.generation;
      const local = this.memory.get(key);
      if (local?.generation === generation) {
        this.sendCached(request, reply, local);
        return;
      }
      this.lookupShared(key, generation).then(
        (entry) => {
          if (entry) return void this.sendCached(request, reply, entry);
          request.catalogueCache = { key, generation };
          done();
        },
        (error: Error) => done(error),
      );
    });
    fastify.addHook('onSend', (request, reply, payload, done) => {
      const pending = request.catalogueCache;
      if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
      const entry = { generation: pending.generation, etag: etagOf(payload), bytes: Buffer.from(payload) };
      reply.header('ETag', entry.etag).header('Cache-Control', 'public, no-cache').header('X-Cache', 'MISS');
      this.store(pending.key, entry, payload).then(
        () => done(null, payload),
        () => done(null, payload),
      );
    });
  }

  private sendCached(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    reply.header('ETag', entry.etag).header('Cache-Control', 'public, no-cache').header('X-Cache', 'HIT');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    return reply.header('Content-Type', 'application/json; charset=utf-8').send(entry.bytes);
  }

  /** The answer shared by the replicas in Redis, kept in memory from then on. */
  private async lookupShared(key: string, generation: string): Promise<Entry | null> {
    const shared = await this.redis.get(this.keyPrefix + CATALOGUE_CACHE.entryKey(generation, key)).catch(() => null);
    if (!shared) return null;
    const { etag, body } = JSON.parse(shared) as { etag: string; body: string };
    const entry: Entry = { generation, etag, bytes: Buffer.from(body) };
    this.remember(key, entry);
    return entry;
  }

  private async store(key: string, entry: Entry, body: string): Promise<void> {
    // An answer computed before a change must not be filed under the generation after it.
    if (entry.generation !== this.generation) return;
    this.remember(key, entry);
    await this.redis
      .set(this.keyPrefix + CATALOGUE_CACHE.entryKey(entry.generation, key), JSON.stringify({ etag: entry.etag, body }), 'EX', this.ttlSeconds)
      .catch(() => undefined);
  }

  private remember(key: string, entry: Entry): void {
    this.memory.delete(key);
    this.memory.set(key, entry);
    if (this.memory.size > MEMORY_ENTRIES) this.memory.delete(this.memory.keys().next().value as string);
  }

  /** Generations only move forward: an announcement that arrives after a fresher read is ignored. */
  private setGeneration(generation: string): void {
    if (Number(generation) <= Number(this.generation)) return;
    this.generation = generation;
    this.memory.clear();
  }

  private async refreshGeneration(): Promise<void> {
    const generation = await this.redis.get(this.keyPrefix + CATALOGUE_CACHE.generationKey).catch(() => null);
    this.setGeneration(generation ?? '0');
  }
}
