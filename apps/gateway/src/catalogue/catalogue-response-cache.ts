import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { CATALOGUE_CACHE } from '@portal/contracts';
import { type CompressedForms, compressedForms, ownBytes, preferredCoding } from '../http/compression';

/** Public catalogue reads whose answers are the same for everyone until the catalogue changes. */
const CACHEABLE = [
  /^\/api\/anime(\/(popular|top|new|search|suggest|\d+))?$/,
  /^\/api\/genres$/,
  /^\/api\/genre\/[\w-]+$/,
  /^\/api\/characters(\/\d+)?$/,
  /^\/api\/seiyuu\/\d+$/,
  /^\/api\/collections(\/(featured|\d+))?$/,
];
/** What this replica's memory may hold: every entry's body, its compressed forms and its key. */
const MEMORY_BYTES = 32 * 1024 * 1024;
/** Bookkeeping of one entry (map slot, objects, buffer headers), counted on top of its bytes. */
const ENTRY_OVERHEAD_BYTES = 256;
/** Entries in Redis hold the compressed forms too, under keys of their own (replicas of the JSON-only format read theirs). */
const SHARED_FORMAT = 'v2:';

interface Entry {
  generation: string;
  etag: string;
  /** The body, encoded once so that a hit does not encode it again. */
  bytes: Buffer;
  /** Its brotli and gzip forms, made once when stored, so a hit compresses nothing; null under 1 KB. */
  compressed: CompressedForms | null;
  /** Bytes counted against MEMORY_BYTES. */
  size: number;
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

function entryOf(key: string, generation: string, etag: string, bytes: Buffer, compressed: CompressedForms | null): Entry {
  const size = ENTRY_OVERHEAD_BYTES + key.length * 2 + etag.length + bytes.length + (compressed ? compressed.br.length + compressed.gzip.length : 0);
  return { generation, etag, bytes, compressed, size };
}

const EMPTY = Buffer.alloc(0);

/** The Redis value: a JSON line with the etag and the three lengths, then body, brotli and gzip forms back to back. */
function serialize(entry: Entry): Buffer {
  const { br, gzip } = entry.compressed ?? { br: EMPTY, gzip: EMPTY };
  const head = JSON.stringify({ etag: entry.etag, body: entry.bytes.length, br: br.length, gzip: gzip.length });
  return Buffer.concat([Buffer.from(`${head}\n`), entry.bytes, br, gzip]);
}

/** null for a value that is not of this format (a miss: the answer is computed and stored again). */
function deserialize(key: string, generation: string, reply: Buffer): Entry | null {
  const newline = reply.indexOf(10);
  if (newline === -1) return null;
  let head: { etag: string; body: number; br: number; gzip: number };
  try {
    head = JSON.parse(reply.subarray(0, newline).toString()) as typeof head;
  } catch {
    return null;
  }
  const brAt = head.body;
  const gzipAt = brAt + head.br;
  if (typeof head.etag !== 'string' || gzipAt + head.gzip !== reply.length - newline - 1) return null;
  // The entry's buffers are views of one copy holding exactly the body and its compressed forms.
  const value = ownBytes(reply.subarray(newline + 1));
  const compressed = head.br > 0 && head.gzip > 0 ? { br: value.subarray(brAt, gzipAt), gzip: value.subarray(gzipAt) } : null;
  return entryOf(key, generation, head.etag, value.subarray(0, brAt), compressed);
}

/**
 * Answers repeated catalogue reads without asking the catalogue: from this replica's memory, else
 * from Redis (shared by the replicas). Every entry belongs to a generation; the catalogue bumps the
 * generation after each change and announces it, so every replica drops its entries at once.
 */
export class CatalogueResponseCache {
  private generation = '0';
  private readonly memory = new Map<string, Entry>();
  private memoryBytes = 0;

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

  stop(): Promise<void> {
    this.subscriber.disconnect();
    return Promise.resolve();
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
      const bytes = ownBytes(payload);
      const entry = entryOf(pending.key, pending.generation, etagOf(payload), bytes, compressedForms(bytes));
      this.cacheHeaders(reply, entry, 'MISS');
      // Sent in the form the client accepts, already compressed: the compression plugin leaves it alone.
      const answer = this.encodedBody(request, reply, entry) ?? payload;
      this.store(pending.key, entry).then(
        () => done(null, answer),
        () => done(null, answer),
      );
    });
  }

  private sendCached(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    this.cacheHeaders(reply, entry, 'HIT');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    const body = this.encodedBody(request, reply, entry) ?? entry.bytes;
    return reply.header('Content-Type', 'application/json; charset=utf-8').send(body);
  }

  private cacheHeaders(reply: FastifyReply, entry: Entry, cache: 'HIT' | 'MISS') {
    // One weak ETag for every coding of the same JSON (the representations are semantically equal).
    reply.header('ETag', entry.etag).header('Cache-Control', 'public, no-cache').header('Vary', 'Accept-Encoding').header('X-Cache', cache);
  }

  /** The stored compressed form the client accepts, with its Content-Encoding set; null to send the body as is. */
  private encodedBody(request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer | null {
    if (!entry.compressed) return null;
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (!coding) return null;
    reply.header('Content-Encoding', coding);
    return entry.compressed[coding];
  }

  /** The answer shared by the replicas in Redis, kept in memory from then on. */
  private async lookupShared(key: string, generation: string): Promise<Entry | null> {
    const shared = await this.redis.getBuffer(this.sharedKey(generation, key)).catch(() => null);
    const entry = shared && deserialize(key, generation, shared);
    if (!entry) return null;
    this.remember(key, entry);
    return entry;
  }

  private async store(key: string, entry: Entry): Promise<void> {
    // An answer computed before a change must not be filed under the generation after it.
    if (entry.generation !== this.generation) return;
    this.remember(key, entry);
    await this.redis.set(this.sharedKey(entry.generation, key), serialize(entry), 'EX', this.ttlSeconds).catch(() => undefined);
  }

  private sharedKey(generation: string, key: string): string {
    return this.keyPrefix + CATALOGUE_CACHE.entryKey(generation, SHARED_FORMAT + key);
  }

  /** Least recently stored entries go first once the bytes held pass MEMORY_BYTES. */
  private remember(key: string, entry: Entry): void {
    const previous = this.memory.get(key);
    if (previous) {
      this.memory.delete(key);
      this.memoryBytes -= previous.size;
    }
    this.memory.set(key, entry);
    this.memoryBytes += entry.size;
    for (const [oldestKey, oldest] of this.memory) {
      if (this.memoryBytes <= MEMORY_BYTES) break;
      this.memory.delete(oldestKey);
      this.memoryBytes -= oldest.size;
    }
  }

  /** Generations only move forward: an announcement that arrives after a fresher read is ignored. */
  private setGeneration(generation: string): void {
    if (Number(generation) <= Number(this.generation)) return;
    this.generation = generation;
    this.forgetAll();
  }

  private async refreshGeneration(): Promise<void> {
    let generation: string | null;
    try {
      generation = await this.redis.get(this.keyPrefix + CATALOGUE_CACHE.generationKey);
    } catch {
      return; // Redis unreachable: keep what is known
    }
    // No generation at all: Redis came back empty, and this replica may have missed a change's
    // announcement meanwhile. The catalogue's next change starts above any generation seen before.
    if (generation === null) this.forgetAll();
    else this.setGeneration(generation);
  }

  private forgetAll(): void {
    this.memory.clear();
    this.memoryBytes = 0;
  }
}
