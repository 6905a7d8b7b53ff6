import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { type CatalogueStack, startCatalogueStack } from '../catalogue/catalogue-test-kit';
import { type RunningApp, startGateway } from '../support/test-apps';
import { RELAXED_GATEWAY_LIMITS } from '../auth/auth-test-kit';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they travelled: node:http, unlike fetch(), decompresses nothing. */
  body: Buffer;
}

function raw(baseUrl: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body decoded by its Content-Encoding. */
function decoded(answer: RawAnswer): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (coding === 'gzip') return zlib.gunzipSync(answer.body);
  expect(coding).toBeUndefined();
  return answer.body;
}

const varies = (answer: RawAnswer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');
const BR = { 'accept-encoding': 'br' };
const GZIP = { 'accept-encoding': 'gzip' };
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

// A built web client as the build leaves it: text files with their .br and .gz forms next to them.
const APP_JS = Buffer.from(Array.from({ length: 300 }, (_, i) => `export const value${i} = "значение ${i}" + ${i * 7};`).join('\n'));
const INDEX_HTML = Buffer.from(
  `<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title>АнимеПортал</title>${Array.from(
    { length: 30 },
    (_, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk-${i}.js">`,
  ).join('')}<script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
);

describe('the gateway: compressed answers (web client, API, catalogue cache) and uncompressed media', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-compression-'));
  const webDist = join(dir, 'dist');
  const mediaDir = join(dir, 'media');
  const segment = randomBytes(64 * 1024);
  const playlist = Buffer.from(
    ['#EXTM3U', '#EXT-X-VERSION:3', ...Array.from({ length: 100 }, (_, i) => `#EXTINF:6.0,\nseg-${i}.ts`), '#EXT-X-ENDLIST'].join('\n'),
  );
  const subtitles = Buffer.from(
    [
      'WEBVTT',
      ...Array.from({ length: 60 }, (_, i) => `\n00:00:${String(i).padStart(2, '0')}.000 --> 00:00:${String(i).padStart(2, '0')}.900\nСубтитр номер ${i}`),
    ].join('\n'),
  );
  let stack: CatalogueStack;
  let replica: RunningApp;
  // The calls that compress an answer of this size (zlib's stream constructors cannot be spied on).
  const compressCalls = () => [jest.spyOn(zlib, 'brotliCompressSync'), jest.spyOn(zlib, 'gzipSync')];
  let spies: jest.SpyInstance[];
  const compressions = () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  const get = (path: string, headers?: Record<string, string>) => raw(stack.gateway.url, path, headers);

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, 'assets', 'app.js'), APP_JS);
    writeFileSync(join(webDist, 'assets', 'app.js.br'), zlib.brotliCompressSync(APP_JS));
    writeFileSync(join(webDist, 'assets', 'app.js.gz'), zlib.gzipSync(APP_JS, { level: 9 }));
    writeFileSync(join(webDist, 'logo.png'), randomBytes(4096));
    mkdirSync(join(mediaDir, 'ep'), { recursive: true });
    writeFileSync(join(mediaDir, 'ep', 'seg-0.ts'), segment);
    writeFileSync(join(mediaDir, 'ep', 'index.m3u8'), playlist);
    writeFileSync(join(mediaDir, 'ep', 'ru.vtt'), subtitles);
    // Installed before the gateways register @fastify/compress, which keeps references to these functions.
    spies = compressCalls();
    stack = await startCatalogueStack('compress', { env: { WEB_DIST_DIR: webDist, MEDIA_DIR: mediaDir } });
    replica = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...stack.env, WEB_DIST_DIR: webDist, MEDIA_DIR: mediaDir });
  }, 60_000);
  afterAll(async () => {
    await replica?.close();
    await stack?.close();
    for (const spy of spies ?? []) spy.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('web client files, compressed at build time', () => {
    it('sends a built file in the form the client accepts: brotli first, then gzip, else as it is', async () => {
      const br = await get('/assets/app.js', BROWSER);
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(br)).toBe(true);
      expect(br.body.length).toBeLessThan(APP_JS.length / 3);
      expect(zlib.brotliDecompressSync(br.body).equals(APP_JS)).toBe(true);

      const gzip = await get('/assets/app.js', GZIP);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(varies(gzip)).toBe(true);
      expect(zlib.gunzipSync(gzip.body).equals(APP_JS)).toBe(true);

      const identity = await get('/assets/app.js');
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(varies(identity)).toBe(true);
      expect(identity.body.equals(APP_JS)).toBe(true);
    });

    it('sends a file without compressed forms (an image) as it is', async () => {
      const png = await get('/logo.png', BROWSER);
      expect(png.status).toBe(200);
      expect(png.headers['content-encoding']).toBeUndefined();
      expect(png.body.equals(readFileSync(join(webDist, 'logo.png')))).toBe(true);
    });

    it('answers a client-side route with index.html compressed, by brotli or gzip', async () => {
      for (const path of ['/', '/catalog', '/anime/20']) {
        const br = await get(path, BROWSER);
        expect(br.status).toBe(200);
        expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers['cache-control']).toBe('private, no-cache');
        expect(varies(br)).toBe(true);
        expect(zlib.brotliDecompressSync(br.body).equals(INDEX_HTML)).toBe(true);
      }
      const gzip = await get('/catalog', { 'accept-encoding': 'br;q=0, gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.body).equals(INDEX_HTML)).toBe(true);
      const identity = await get('/catalog');
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body.equals(INDEX_HTML)).toBe(true);
    });
  });

  describe('API answers', () => {
    it('compresses a JSON answer over 1 KB, decoding to the same JSON as the uncompressed one', async () => {
      const identity = await get('/api/docs.json');
      expect(identity.status).toBe(200);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body.length).toBeGreaterThan(1024);
      const json = JSON.parse(identity.body.toString());
      for (const [headers, coding] of [
        [BROWSER, 'br'],
        [GZIP, 'gzip'],
      ] as const) {
        const compressed = await get('/api/docs.json', headers);
        expect(compressed.status).toBe(200);
        expect(compressed.headers['content-encoding']).toBe(coding);
        expect(compressed.headers['content-type']).toMatch(/^application\/json/);
        expect(varies(compressed)).toBe(true);
        expect(compressed.body.length).toBeLessThan(identity.body.length / 3);
        expect(JSON.parse(decoded(compressed).toString())).toEqual(json);
      }
    });

    it('leaves a small answer as it is and a HEAD without a body', async () => {
      const small = await get('/api/health/live', BROWSER);
      expect(small.status).toBe(200);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body.length).toBeLessThan(1024);
      const head = await raw(stack.gateway.url, '/api/docs.json', BROWSER, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
    });
  });

  describe('the catalogue cache: compressed once when stored, never on a hit', () => {
    const path = '/api/anime?limit=20&sort=score';

    it('stores and sends the compressed forms: a hit compresses nothing and decodes to the same body', async () => {
      spies.forEach((spy) => spy.mockClear());
      const miss = await get(path, BROWSER);
      expect(compressions()).toBe(2);
      expect(miss.status).toBe(200);
      expect(miss.headers['x-cache']).toBe('MISS');
      expect(miss.headers['content-encoding']).toBe('br');
      expect(varies(miss)).toBe(true);
      const body = decoded(miss);
      expect(body.length).toBeGreaterThan(1024);
      expect(JSON.parse(body.toString())).toMatchObject({ success: true, data: expect.any(Array) });
      const etag = miss.headers.etag;

      spies.forEach((spy) => spy.mockClear());
      const br = await get(path, BROWSER);
      const gzip = await get(path, GZIP);
      const identity = await get(path);
      expect(compressions()).toBe(0);
      for (const [answer, coding] of [
        [br, 'br'],
        [gzip, 'gzip'],
        [identity, undefined],
      ] as const) {
        expect(answer.status).toBe(200);
        expect(answer.headers['x-cache']).toBe('HIT');
        expect(answer.headers['content-encoding']).toBe(coding);
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.headers.etag).toBe(etag);
        expect(varies(answer)).toBe(true);
        expect(decoded(answer).equals(body)).toBe(true);
      }
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(body.length / 3);

      const notModified = await get(path, { ...BROWSER, 'if-none-match': String(etag) });
      expect(notModified.status).toBe(304);
      expect(notModified.headers['content-encoding']).toBeUndefined();
      expect(notModified.body.length).toBe(0);
    });

    it('shares the compressed forms with the other replicas through Redis', async () => {
      const first = await get('/api/anime?limit=10&sort=title', GZIP);
      expect(first.headers['x-cache']).toBe('MISS');
      spies.forEach((spy) => spy.mockClear());
      const br = await raw(replica.url, '/api/anime?limit=10&sort=title', BR);
      const gzip = await raw(replica.url, '/api/anime?limit=10&sort=title', GZIP);
      expect(compressions()).toBe(0);
      expect([br.headers['x-cache'], gzip.headers['x-cache']]).toEqual(['HIT', 'HIT']);
      expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
      expect(decoded(br).equals(decoded(first))).toBe(true);
      expect(decoded(gzip).equals(decoded(first))).toBe(true);
      // Small enough for @fastify/compress's synchronous path, whose calls the spies see.
      expect(decoded(first).length).toBeLessThan(4096);
    });

    it('sends a cached answer under 1 KB as it is', async () => {
      const path = '/api/anime?limit=1&sort=score';
      await get(path, BROWSER);
      const hit = await get(path, BROWSER);
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.body.length).toBeLessThan(1024);
      expect(hit.headers['content-encoding']).toBeUndefined();
      expect(varies(hit)).toBe(true);
      expect(JSON.parse(hit.body.toString())).toMatchObject({ success: true });
    });
  });

  describe('media: never compressed', () => {
    it('answers a byte range with 206 and the exact bytes, even to a client that accepts brotli', async () => {
      const range = await get('/media/ep/seg-0.ts', { ...BROWSER, range: 'bytes=100-1123' });
      expect(range.status).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 100-1123/${segment.length}`);
      expect(range.headers['content-encoding']).toBeUndefined();
      expect(range.body.equals(segment.subarray(100, 1124))).toBe(true);
    });

    it('sends segments, playlists and subtitles as they are', async () => {
      const whole = await get('/media/ep/seg-0.ts', BROWSER);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-encoding']).toBeUndefined();
      expect(whole.body.equals(segment)).toBe(true);
      const list = await get('/media/ep/index.m3u8', BROWSER);
      expect(list.status).toBe(200);
      expect(list.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(list.headers['content-encoding']).toBeUndefined();
      expect(list.body.equals(playlist)).toBe(true);
      // A text type @fastify/compress would compress: /media is left out of it.
      const vtt = await get('/media/ep/ru.vtt', BROWSER);
      expect(vtt.status).toBe(200);
      expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(vtt.headers['content-encoding']).toBeUndefined();
      expect(vtt.body.equals(subtitles)).toBe(true);
    });
  });
});
