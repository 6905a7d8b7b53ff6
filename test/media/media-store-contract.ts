import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { InvalidMediaKeyError, MediaRangeNotSatisfiableError, type MediaObject, type MediaStore } from '@portal/platform';
import { presignedSignatureMatches } from './sigv4-check';

/** A store under test, made fresh for its suite. */
export interface MediaStoreHarness {
  store: MediaStore;
  /** Every key the suite writes starts with it, so a shared bucket is left as it was. */
  root: string;
  /** The signed-URL side, for a bucket with `MEDIA_PUBLIC_BASE_URL`. */
  signing?: {
    /** The same bucket, signing URLs for browsers (valid `ttlSeconds`). */
    store: MediaStore;
    ttlSeconds: number;
    /** The same, with a clock past the URLs' lifetime: what it signs is already expired. */
    expiredStore: MediaStore;
    secretAccessKey: string;
    /** Whether the server itself refuses a bad signature (s3rver checks only the expiry). */
    serverChecksSignatures: boolean;
  };
  close: () => Promise<void>;
}

export interface MediaStoreTarget {
  name: string;
  /** What differs by nature, not by mistake. */
  traits: {
    /** Large files go up in several requests. */
    multipart: boolean;
    /** The type and caching given at put are kept (the folder store answers by extension). */
    keepsMetadata: boolean;
    signedUrls: boolean;
  };
  open: () => Promise<MediaStoreHarness>;
}

export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Opens and reads; fails the test when there is nothing. */
async function read(store: MediaStore, key: string, range?: string): Promise<{ object: MediaObject; bytes: Buffer }> {
  const object = await store.open(key, range);
  if (!object) throw new Error(`${key}: nothing stored`);
  return { object, bytes: await readAll(object.body) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Bytes whose every position is recognisable: a wrong offset never reads the same. */
const counting = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7 + (i >> 8)) % 256));

/** Keys every operation must refuse before touching anything. */
export const BAD_KEYS = [
  '',
  '../etc/passwd',
  'episodes/../../secret.ts',
  'episodes/..',
  '/etc/passwd',
  '/abs/master.m3u8',
  'C:/media/x.ts',
  'a\\b.ts',
  'episodes\\..\\x.ts',
  'a//b.ts',
  './a.ts',
  'a/./b.ts',
  '.hidden.ts',
  'episodes/.partial-1/seg.ts',
  'a\u0000b.ts',
  'x'.repeat(1025),
];

/**
 * The one behaviour every media store has: run against the folder store, s3rver and a real bucket
 * (test/media/media-store.spec.ts). What differs by nature is declared in the target's traits.
 */
export function describeMediaStoreContract(target: MediaStoreTarget): void {
  describe(`${target.name}: the media store contract`, () => {
    const scratch = mkdtempSync(join(tmpdir(), 'portal-media-store-'));
    let harness: MediaStoreHarness;
    const store = () => harness.store;
    const key = (path: string) => `${harness.root}/${path}`;
    /** A local file of these bytes. */
    const local = (name: string, bytes: Buffer | string) => {
      const path = join(scratch, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
      return path;
    };
    const PLAYLIST = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg-00000.ts\n#EXT-X-ENDLIST\n';
    const SEGMENT = Buffer.concat([Buffer.from([0x47]), randomBytes(100 * 1024 - 1)]);
    const RANGED = counting(1000);

    beforeAll(async () => {
      harness = await target.open();
      await store().putFile(key('ranges/r.ts'), local('r.ts', RANGED), { contentType: 'video/mp2t' });
    }, 60_000);
    afterAll(async () => {
      if (harness) {
        await harness.store.removePrefix(harness.root).catch(() => undefined);
        await harness.close();
      }
      rmSync(scratch, { recursive: true, force: true });
    });

    it('stores a file and reads it back whole, with its size, type and a validator', async () => {
      const playlist = key('one/master.m3u8');
      const put = await store().putFile(playlist, local('master.m3u8', PLAYLIST), {
        contentType: 'application/vnd.apple.mpegurl',
        cacheControl: 'public, no-cache',
      });
      expect(put).toEqual({ key: playlist, size: Buffer.byteLength(PLAYLIST), parts: 1 });
      const { object, bytes } = await read(store(), playlist);
      expect(bytes.toString()).toBe(PLAYLIST);
      expect(object).toMatchObject({ size: bytes.length, length: bytes.length, contentType: 'application/vnd.apple.mpegurl' });
      expect(object.range).toBeUndefined();
      expect(object.contentRange).toBeUndefined();
      expect(object.etag).toMatch(/^"[^"]+"$/);
      if (target.traits.keepsMetadata) expect(object.cacheControl).toBe('public, no-cache');
      expect(await store().stat(playlist)).toMatchObject({ size: bytes.length, etag: object.etag, contentType: 'application/vnd.apple.mpegurl' });

      const segment = key('one/v360/seg-00000.ts');
      expect((await store().putFile(segment, local('seg.ts', SEGMENT), { contentType: 'video/mp2t' })).size).toBe(SEGMENT.length);
      const read360 = await read(store(), segment);
      expect(read360.bytes.equals(SEGMENT)).toBe(true);
      expect(read360.object).toMatchObject({ size: SEGMENT.length, contentType: 'video/mp2t' });
    });

    it('stores an empty file', async () => {
      const empty = key('one/empty.vtt');
      expect((await store().putFile(empty, local('empty.vtt', ''), { contentType: 'text/vtt; charset=utf-8' })).size).toBe(0);
      const { object, bytes } = await read(store(), empty);
      expect(bytes.length).toBe(0);
      expect(object.size).toBe(0);
      expect(object.contentType).toMatch(/^text\/vtt/);
    });

    it('replaces a file whole: the new bytes and a new validator', async () => {
      const playlist = key('replace/index.m3u8');
      await store().putFile(playlist, local('old.m3u8', '#EXTM3U\n# old\n'), { contentType: 'application/vnd.apple.mpegurl' });
      const before = await store().stat(playlist);
      await store().putFile(playlist, local('new.m3u8', '#EXTM3U\n# the new one, longer\n'), { contentType: 'application/vnd.apple.mpegurl' });
      const { object, bytes } = await read(store(), playlist);
      expect(bytes.toString()).toBe('#EXTM3U\n# the new one, longer\n');
      expect(object.etag).not.toBe(before?.etag);
      expect((await store().list(key('replace'))).map((entry) => entry.key)).toEqual([playlist]);
    });

    describe('byte ranges, as the HTTP Range header asks', () => {
      const ranged = () => key('ranges/r.ts');
      const cases: Array<[string, string, number, number]> = [
        ['the first bytes', 'bytes=0-99', 0, 99],
        ['the middle', 'bytes=500-599', 500, 599],
        ['from an offset to the end', 'bytes=900-', 900, 999],
        ['a suffix (the last N bytes)', 'bytes=-100', 900, 999],
        ['a suffix longer than the file (all of it)', 'bytes=-5000', 0, 999],
        ['an end past the file (cut at its end)', 'bytes=990-2000', 990, 999],
        ['one byte', 'bytes=999-999', 999, 999],
      ];
      it.each(cases)('%s: %s', async (_what, header, start, end) => {
        const { object, bytes } = await read(store(), ranged(), header);
        expect(object).toMatchObject({ size: 1000, length: end - start + 1, range: { start, end }, contentRange: `bytes ${start}-${end}/1000` });
        expect(bytes.equals(RANGED.subarray(start, end + 1))).toBe(true);
      });

      it('refuses a range that starts past the end, telling the size (a 416)', async () => {
        for (const header of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
          const error = await store()
            .open(ranged(), header)
            .then(() => null)
            .catch((caught: unknown) => caught);
          expect({ header, error }).toEqual({ header, error: expect.any(MediaRangeNotSatisfiableError) });
          expect((error as MediaRangeNotSatisfiableError).size).toBe(1000);
        }
      });

      it('answers the whole file for a malformed header or several ranges (HTTP lets a server ignore them)', async () => {
        for (const header of ['bytes=abc', 'items=0-9', 'bytes=50-10', 'bytes=0-9,20-29', 'bytes=-']) {
          const { object, bytes } = await read(store(), ranged(), header);
          expect({ header, range: object.range, length: bytes.length }).toEqual({ header, range: undefined, length: 1000 });
        }
      });

      it('answers null, not a range error, for a missing file', async () => {
        expect(await store().open(key('ranges/missing.ts'), 'bytes=-10')).toBeNull();
        expect(await store().open(key('ranges/missing.ts'), 'bytes=10-')).toBeNull();
      });
    });

    it(
      target.traits.multipart ? 'sends a 12 MB file in parts and reads it back exactly' : 'stores a 12 MB file and reads it back exactly',
      async () => {
        const big = randomBytes(12 * 1024 * 1024);
        const movie = key('big/source.mp4');
        const put = await store().putFile(movie, local('big.mp4', big), { contentType: 'video/mp4' });
        expect(put.size).toBe(big.length);
        if (target.traits.multipart) expect(put.parts).toBeGreaterThanOrEqual(2);
        else expect(put.parts).toBe(1);
        const whole = await read(store(), movie);
        expect(whole.object).toMatchObject({ size: big.length, contentType: 'video/mp4' });
        expect(sha256(whole.bytes)).toBe(sha256(big));
        // Across the boundary of the first two 5–8 MiB parts.
        const from = 8 * 1024 * 1024 - 3000;
        const across = await read(store(), movie, `bytes=${from}-${from + 5_999_999}`);
        expect(across.bytes.equals(big.subarray(from, from + 6_000_000))).toBe(true);
      },
      120_000,
    );

    describe('a whole folder (the transcode worker publishing a rendition)', () => {
      const files: Record<string, Buffer | string> = {
        'master.m3u8': '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nv360/index.m3u8\n',
        'v360/index.m3u8': PLAYLIST,
        'v360/seg-00000.ts': SEGMENT,
        'v360/seg-00001.ts': Buffer.concat([Buffer.from([0x47]), randomBytes(4000)]),
        'audio-1/index.m3u8': PLAYLIST,
        'audio-1/seg-00000.ts': randomBytes(3000),
        'subs/ru.vtt': 'WEBVTT\n\n00:00.000 --> 00:01.000\nПривет\n',
        'v360/init.mp4': randomBytes(800),
        'v360/seg-00000.m4s': randomBytes(900),
        'thumbs/0001.jpg': randomBytes(500),
        'info.json': '{"ok":true}',
      };
      const TYPES: Record<string, string> = {
        m3u8: 'application/vnd.apple.mpegurl',
        ts: 'video/mp2t',
        m4s: 'video/iso.segment',
        mp4: 'video/mp4',
        vtt: 'text/vtt; charset=utf-8',
        jpg: 'image/jpeg',
        json: 'application/json; charset=utf-8',
      };
      const rendition = () => key('episodes/20/1/src-a1');

      beforeAll(async () => {
        const folder = join(scratch, 'rendition');
        for (const [path, bytes] of Object.entries(files)) local(join('rendition', path), bytes);
        // Left out: a scratch file of the encoder and a hidden folder.
        local('rendition/.ffmpeg-progress', 'frame=1');
        local('rendition/.partial/seg-00009.ts', 'x');
        const result = await store().putFolder(rendition(), folder, { concurrency: 3 });
        expect(result.keys).toEqual(
          Object.keys(files)
            .map((path) => `${rendition()}/${path}`)
            .sort(),
        );
        expect(result.bytes).toBe(Object.values(files).reduce((sum, bytes) => sum + Buffer.byteLength(bytes), 0));
      }, 60_000);

      it('stores every file of the nested folder, byte for byte, with the type of its extension', async () => {
        for (const [path, bytes] of Object.entries(files)) {
          const { object, bytes: stored } = await read(store(), `${rendition()}/${path}`);
          expect({ path, same: stored.equals(Buffer.from(bytes)) }).toEqual({ path, same: true });
          expect({ path, type: object.contentType }).toEqual({ path, type: TYPES[path.split('.').pop()!] });
        }
      });

      it('keeps the caching of each kind with the object (a bucket serves it as such)', async () => {
        if (!target.traits.keepsMetadata) return;
        expect((await store().stat(`${rendition()}/master.m3u8`))?.cacheControl).toBe('public, no-cache');
        expect((await store().stat(`${rendition()}/v360/seg-00000.ts`))?.cacheControl).toBe('public, max-age=31536000, immutable');
      });

      it('lists the files under a prefix, sorted, with their sizes', async () => {
        const listed = await store().list(rendition());
        expect(listed).toEqual(
          Object.entries(files)
            .map(([path, bytes]) => ({ key: `${rendition()}/${path}`, size: Buffer.byteLength(bytes) }))
            .sort((a, b) => (a.key < b.key ? -1 : 1)),
        );
        expect(await store().list(`${rendition()}/`)).toEqual(listed);
        expect((await store().list(`${rendition()}/v360`)).map((entry) => entry.key)).toEqual([
          `${rendition()}/v360/index.m3u8`,
          `${rendition()}/v360/init.mp4`,
          `${rendition()}/v360/seg-00000.m4s`,
          `${rendition()}/v360/seg-00000.ts`,
          `${rendition()}/v360/seg-00001.ts`,
        ]);
        expect(await store().list(key('nothing/here'))).toEqual([]);
      });
    });

    it('tells whether a file exists; a missing one opens and stats as null', async () => {
      const present = key('exists/a.ts');
      await store().putFile(present, local('a.ts', 'a'), { contentType: 'video/mp2t' });
      expect(await store().exists(present)).toBe(true);
      expect(await store().exists(key('exists/b.ts'))).toBe(false);
      expect(await store().exists(key('exists'))).toBe(false);
      expect(await store().open(key('exists/b.ts'))).toBeNull();
      expect(await store().stat(key('exists/b.ts'))).toBeNull();
      expect(await store().open(key('no-folder/at/all.m3u8'))).toBeNull();
    });

    it('removes every file under a prefix and nothing beside it (a prefix is a folder)', async () => {
      for (const path of ['rm/ab/1.ts', 'rm/ab/deep/2.ts', 'rm/abc/3.ts', 'rm/ab.ts']) {
        await store().putFile(key(path), local(path, path), { contentType: 'video/mp2t' });
      }
      expect((await store().list(key('rm/ab'))).map((entry) => entry.key)).toEqual([key('rm/ab/1.ts'), key('rm/ab/deep/2.ts')]);
      expect(await store().removePrefix(key('rm/ab'))).toBe(2);
      expect(await store().exists(key('rm/ab/1.ts'))).toBe(false);
      expect(await store().exists(key('rm/ab/deep/2.ts'))).toBe(false);
      expect((await store().list(key('rm'))).map((entry) => entry.key)).toEqual([key('rm/ab.ts'), key('rm/abc/3.ts')]);
      expect(await store().removePrefix(key('rm/ab'))).toBe(0);
      expect(await store().removePrefix(`${key('rm/abc')}/`)).toBe(1);
      await expect(store().removePrefix('')).rejects.toThrow(InvalidMediaKeyError);
    });

    it('refuses keys that are not relative paths (.., absolute, backslashes, dot segments) before doing anything', async () => {
      const file = local('bad.ts', 'x');
      for (const bad of BAD_KEYS) {
        const attempts = [
          () => store().putFile(bad, file, { contentType: 'video/mp2t' }),
          () => store().open(bad),
          () => store().open(bad, 'bytes=0-1'),
          () => store().stat(bad),
          () => store().exists(bad),
          () => store().publicUrl(bad),
        ];
        for (const attempt of attempts) await expect(attempt()).rejects.toThrow(InvalidMediaKeyError);
      }
      for (const bad of ['../x', '/abs', 'a\\b', 'a//b', '.partial']) {
        await expect(store().list(bad)).rejects.toThrow(InvalidMediaKeyError);
        await expect(store().removePrefix(bad)).rejects.toThrow(InvalidMediaKeyError);
        await expect(store().putFolder(bad, scratch)).rejects.toThrow(InvalidMediaKeyError);
      }
    });

    it('gives a URL under /media/ when the gateway serves the files, each segment encoded', async () => {
      const url = await store().publicUrl('episodes/20/1/a b/серия #1.m3u8');
      expect(url).toBe(`/media/episodes/20/1/a%20b/${encodeURIComponent('серия #1.m3u8')}`);
    });

    (target.traits.signedUrls ? describe : describe.skip)('signed URLs (MEDIA_PUBLIC_BASE_URL)', () => {
      const signedKey = () => key('signed/v360/seg-00000.ts');
      const signing = () => harness.signing!;

      beforeAll(async () => {
        await store().putFile(signedKey(), local('signed.ts', SEGMENT), { contentType: 'video/mp2t', cacheControl: 'public, max-age=31536000, immutable' });
      });

      it('signs a URL that plain fetch reads, expiring after MEDIA_URL_TTL_SECONDS', async () => {
        const url = await signing().store.publicUrl(signedKey());
        const parsed = new URL(url);
        expect(parsed.searchParams.get('X-Amz-Expires')).toBe(String(signing().ttlSeconds));
        expect(parsed.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
        expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
        expect(presignedSignatureMatches(url, signing().secretAccessKey)).toBe(true);
        const res = await fetch(url);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('video/mp2t');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(Buffer.from(await res.arrayBuffer()).equals(SEGMENT)).toBe(true);
        // The bucket takes the byte ranges of the signed URL too.
        const part = await fetch(url, { headers: { Range: 'bytes=0-187' } });
        expect(part.status).toBe(206);
        expect(Buffer.from(await part.arrayBuffer()).equals(SEGMENT.subarray(0, 188))).toBe(true);
      });

      it('gives the same URL within a while, so the browser cache finds the segment again', async () => {
        expect(await signing().store.publicUrl(signedKey())).toBe(await signing().store.publicUrl(signedKey()));
      });

      it('makes a URL whose changed expiry, key or any parameter no longer matches its signature', async () => {
        const url = new URL(await signing().store.publicUrl(signedKey()));
        const longer = new URL(url);
        longer.searchParams.set('X-Amz-Expires', String(signing().ttlSeconds * 2));
        const otherKey = new URL(url);
        otherKey.pathname = otherKey.pathname.replace('seg-00000.ts', 'seg-00001.ts');
        const extra = new URL(url);
        extra.searchParams.set('response-content-type', 'text/html');
        for (const tampered of [longer, otherKey, extra]) {
          expect(presignedSignatureMatches(tampered.toString(), signing().secretAccessKey)).toBe(false);
          if (signing().serverChecksSignatures) {
            const res = await fetch(tampered);
            expect(res.status).toBe(403);
            await res.arrayBuffer();
          }
        }
      });

      it('is refused once expired', async () => {
        const url = await signing().expiredStore.publicUrl(signedKey());
        expect(presignedSignatureMatches(url, signing().secretAccessKey)).toBe(true);
        const res = await fetch(url);
        expect(res.status).toBe(403);
        expect(await res.text()).toMatch(/expired|AccessDenied/i);
      });
    });
  });
}
