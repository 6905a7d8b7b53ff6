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
  body: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    catalogueCache?: { key: string; generation: string };
  }
}

/** Path plus sorted query, so ?a=1&b=2 and ?b=2&a=1 share an entry. */
export function cacheKeyOf(url: string): string | null {
  const [path, query = ''] = url.split('?', 2);
  if (!CACHEABLE.some((pattern) => pattern.test(path))) return null;
  const params = new URLSearchParams(query);
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
    fastify.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET') return;
      const key = cacheKeyOf(request.url);
      if (!key) return;
      const generation = this.generation;
      const entry = await this.lookup(key, generation);
      if (!entry) {
        request.catalogueCache = { key, generation };
        return;
      }
      return this.sendCached(request, reply, entry);
    });
    fastify.addHook('onSend', async (request, reply, payload) => {
      const pending = request.catalogueCache;
      if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const entry = { generation: pending.generation, etag: etagOf(payload), body: payload };
      reply.header('ETag', entry.etag).header('Cache-Control', 'public, no-cache').header('X-Cache', 'MISS');
      await this.store(pending.key, entry);
      return payload;
    });
  }

  private sendCached(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    reply.header('ETag', entry.etag).header('Cache-Control', 'public, no-cache').header('X-Cache', 'HIT');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    return reply.header('Content-Type', 'application/json; charset=utf-8').send(entry.body);
  }

  private async lookup(key: string, generation: string): Promise<Entry | null> {
    const local = this.memory.get(key);
    if (local?.generation === generation) return local;
    const shared = await this.redis.get(this.keyPrefix + CATALOGUE_CACHE.entryKey(generation, key)).catch(() => null);
    if (!shared) return null;
    const entry: Entry = { generation, ...(JSON.parse(shared) as Omit<Entry, 'generation'>) };
    this.remember(key, entry);
    return entry;
  }

  private async store(key: string, entry: Entry): Promise<void> {
    // An answer computed before a change must not be filed under the generation after it.
    if (entry.generation !== this.generation) return;
    this.remember(key, entry);
    await this.redis
      .set(this.keyPrefix + CATALOGUE_CACHE.entryKey(entry.generation, key), JSON.stringify({ etag: entry.etag, body: entry.body }), 'EX', this.ttlSeconds)
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
