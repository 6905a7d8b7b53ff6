import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3MediaStore } from '@portal/platform';
import { ownRedisPrefix, RELAXED_GATEWAY_LIMITS } from '../auth/auth-test-kit';
import { freePort } from '../support/free-port';
import { type RunningApp, startGateway } from '../support/test-apps';
import { rawGet } from './media-test-kit';
import { type S3TestBucket, startS3rver } from './s3-test-server';
import { presignedSignatureMatches } from './sigv4-check';

interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** Fetches and reads the whole body (an unread body keeps the connection, and the gateway's close, waiting). */
async function fetchAll(url: string, init?: RequestInit): Promise<Answer> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('the gateway serving /media/ from a bucket (MEDIA_STORE=s3)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-media-serving-'));
  const mediaDir = join(dir, 'media');
  const webDist = join(dir, 'dist');
  const rendition = 'episodes/20/1/src-a1';
  const MASTER = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\nv360/index.m3u8\n';
  const VARIANT = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:4.0,\nseg-00000.ts\n#EXT-X-ENDLIST\n';
  // 300 MPEG-TS packets: a sync byte every 188.
  const SEGMENT = Buffer.concat(Array.from({ length: 300 }, () => Buffer.concat([Buffer.from([0x47]), randomBytes(187)])));
  const SUBTITLES = 'WEBVTT\n\n00:00.000 --> 00:02.000\nПривет\n';
  const AMV = Buffer.concat([Buffer.from('1a45dfa3', 'hex'), randomBytes(2000)]);

  let bucket: S3TestBucket;
  let store: S3MediaStore;
  let streaming: RunningApp;
  let redirecting: RunningApp;
  const s3Env = () => ({
    ...RELAXED_GATEWAY_LIMITS,
    ...ownRedisPrefix('media-s3'),
    MEDIA_DIR: mediaDir,
    WEB_DIST_DIR: webDist,
    MEDIA_STORE: 's3',
    S3_ENDPOINT: bucket.endpoint,
    S3_BUCKET: bucket.bucket,
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
  });
  const get = (path: string, init?: RequestInit) => fetchAll(streaming.url + path, init);

  beforeAll(async () => {
    // A built web client, so a missing file under /media/ could wrongly fall back to its index.html.
    mkdirSync(webDist, { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    // AMV clips stay in the folder (their upload and transcode write there).
    mkdirSync(join(mediaDir, 'amv/uploads'), { recursive: true });
    writeFileSync(join(mediaDir, 'amv/uploads/clip.webm'), AMV);

    bucket = await startS3rver();
    store = new S3MediaStore({ ...bucket, forcePathStyle: true });
    const scratch = join(dir, 'rendition');
    mkdirSync(join(scratch, 'v360'), { recursive: true });
    mkdirSync(join(scratch, 'subs'), { recursive: true });
    writeFileSync(join(scratch, 'master.m3u8'), MASTER);
    writeFileSync(join(scratch, 'v360/index.m3u8'), VARIANT);
    writeFileSync(join(scratch, 'v360/seg-00000.ts'), SEGMENT);
    writeFileSync(join(scratch, 'subs/ru.vtt'), SUBTITLES);
    writeFileSync(join(scratch, 'manifest.json'), '{"secret":true}');
    await store.putFolder(rendition, scratch);

    streaming = await startGateway(s3Env());
    redirecting = await startGateway({ ...s3Env(), MEDIA_PUBLIC_BASE_URL: bucket.endpoint, MEDIA_URL_TTL_SECONDS: '3600' });
  }, 60_000);
  afterAll(async () => {
    await streaming?.close();
    await redirecting?.close();
    await store?.close();
    await bucket?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams a playlist byte-exact, revalidated, with the media headers of the folder store', async () => {
    const res = await get(`/media/${rendition}/master.m3u8`);
    expect(res.status).toBe(200);
    expect(res.bytes.toString()).toBe(MASTER);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(MASTER)));
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('last-modified')).toBeTruthy();

    const variant = await get(`/media/${rendition}/v360/index.m3u8`);
    expect(variant.bytes.toString()).toBe(VARIANT);
    const subtitles = await get(`/media/${rendition}/subs/ru.vtt`);
    expect(subtitles.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(subtitles.bytes.toString()).toBe(SUBTITLES);
  });

  it('answers 304 to a playlist whose ETag the player already has', async () => {
    const first = await get(`/media/${rendition}/master.m3u8`);
    const again = await get(`/media/${rendition}/master.m3u8`, { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('cache-control')).toBe('public, no-cache');
    expect((await get(`/media/${rendition}/master.m3u8`, { headers: { 'If-None-Match': '"something-else"' } })).status).toBe(200);
  });

  it('streams a segment whole, cached for good', async () => {
    const res = await get(`/media/${rendition}/v360/seg-00000.ts`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.bytes.equals(SEGMENT)).toBe(true);
  });

  it('answers byte ranges of a segment with 206 and exactly those bytes', async () => {
    const url = `/media/${rendition}/v360/seg-00000.ts`;
    const cases: Array<[string, number, number]> = [
      ['bytes=188-375', 188, 375],
      // Safari's first probe (s3rver, unlike S3, reads an end of 0 as «to the end»: no `bytes=0-0` here).
      ['bytes=0-1', 0, 1],
      ['bytes=56000-', 56000, SEGMENT.length - 1],
      ['bytes=-188', SEGMENT.length - 188, SEGMENT.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(url, { headers: { Range: range } });
      expect({ range, status: res.status }).toEqual({ range, status: 206 });
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${SEGMENT.length}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect(res.bytes.equals(SEGMENT.subarray(start, end + 1))).toBe(true);
    }
    const past = await get(url, { headers: { Range: `bytes=${SEGMENT.length + 10}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${SEGMENT.length}`);
    // A range of another version of the file (If-Range) gets the whole file.
    const stale = await get(url, { headers: { Range: 'bytes=0-9', 'If-Range': '"another-version"' } });
    expect(stale.status).toBe(200);
    expect(stale.bytes.equals(SEGMENT)).toBe(true);
  });

  it('answers HEAD with the size and no body', async () => {
    const res = await get(`/media/${rendition}/v360/seg-00000.ts`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(SEGMENT.length));
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    expect(res.bytes.length).toBe(0);
    expect((await get(`/media/${rendition}/v360/seg-00009.ts`, { method: 'HEAD' })).status).toBe(404);
  });

  it('answers a plain 404 for a missing key, a folder, another extension and any path out of the store', async () => {
    const attempts = [
      `/media/${rendition}/v360/seg-00009.ts`,
      `/media/${rendition}/manifest.json`,
      `/media/${rendition}/`,
      `/media/${rendition}`,
      '/media/',
      '/media/../package.json',
      '/media/..%2fpackage.json',
      '/media/%2e%2e/%2e%2e/package.json',
      `/media/${rendition}/..%2f..%2fmaster.m3u8`,
      `/media/${rendition}/.partial/seg.ts`,
      `/media/${rendition}//master.m3u8`,
      `/media/${rendition}/v360%5cindex.m3u8`,
    ];
    for (const path of attempts) {
      const res = await rawGet(streaming.url, path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers['content-type']).not.toMatch(/html/);
      expect(res.body).not.toMatch(/portal|EXTM3U|secret/);
    }
  });

  it('still serves AMV clips from the folder', async () => {
    const res = await get('/media/amv/uploads/clip.webm');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(res.bytes.equals(AMV)).toBe(true);
    expect((await get('/media/amv/uploads/missing.webm')).status).toBe(404);
  });

  describe('with MEDIA_PUBLIC_BASE_URL: segments from the bucket itself, through signed URLs', () => {
    it('redirects a segment (302) to a signed URL that expires, which serves the bytes', async () => {
      const res = await fetchAll(`${redirecting.url}/media/${rendition}/v360/seg-00000.ts`);
      expect(res.status).toBe(302);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const location = new URL(res.headers.get('location')!);
      expect(location.origin).toBe(bucket.endpoint);
      expect(location.pathname).toBe(`/${bucket.bucket}/${rendition}/v360/seg-00000.ts`);
      expect(location.searchParams.get('X-Amz-Expires')).toBe('3600');
      expect(presignedSignatureMatches(location.toString(), bucket.secretAccessKey)).toBe(true);
      const segment = await fetchAll(location.toString());
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      expect(segment.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(segment.bytes.equals(SEGMENT)).toBe(true);
    });

    it('still streams the playlists (a player resolves their relative URLs against where it read them)', async () => {
      const res = await fetchAll(`${redirecting.url}/media/${rendition}/master.m3u8`);
      expect(res.status).toBe(200);
      expect(res.bytes.toString()).toBe(MASTER);
      expect((await fetchAll(`${redirecting.url}/media/${rendition}/subs/ru.vtt`)).status).toBe(200);
    });

    it('signs nothing for what is never served', async () => {
      for (const path of [`/media/${rendition}/manifest.json`, '/media/../package.json', `/media/${rendition}/.partial/seg.ts`]) {
        expect({ path, status: (await rawGet(redirecting.url, path)).status }).toEqual({ path, status: 404 });
      }
    });
  });

  it('answers 503, not a page, when the bucket cannot be reached', async () => {
    const gone = await startGateway({ ...s3Env(), S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    try {
      const res = await fetchAll(`${gone.url}/media/${rendition}/master.m3u8`);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.bytes.toString()).toBe('Service Unavailable');
    } finally {
      await gone.close();
    }
  });
});
