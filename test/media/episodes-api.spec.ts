import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE_MESSAGES, ErrorCode } from '@portal/contracts';
import { linkEpisodes } from '../../apps/catalogue/src/cli/link-episodes';
import { EpisodesLinkService } from '../../apps/catalogue/src/episodes/services/episodes-link.service';
import { type CatalogueStack, startCatalogueStack } from '../catalogue/catalogue-test-kit';
import { testEnv } from '../support/test-apps';
import { rawGet, readManifest, runSamplesCommand, type SampleManifestFile, tempMediaDir, TINY_SAMPLES } from './media-test-kit';

describe('episodes: samples linked to their titles, GET /api/anime/:id/episodes and /media/', () => {
  const media = tempMediaDir();
  const webDist = tempMediaDir();
  let stack: CatalogueStack;
  let manifest: SampleManifestFile;
  const manifestPath = () => join(media.dir, 'samples/manifest.json');
  const writeManifest = (value: unknown) => writeFileSync(manifestPath(), JSON.stringify(value));
  const numbersOf = async (id: number | string) => {
    const res = await stack.api.get(`/api/anime/${id}/episodes`);
    expect(res.status).toBe(200);
    return res.body.data.episodes.map((episode: { number: number }) => episode.number);
  };

  beforeAll(async () => {
    const generated = runSamplesCommand(['--media-dir', media.dir, ...TINY_SAMPLES]);
    if (generated.status !== 0) throw new Error(`generation failed: ${generated.stderr}`);
    manifest = readManifest(media.dir);
    // A built web client, so a missing file under /media/ could wrongly fall back to its index.html.
    writeFileSync(join(webDist.dir, 'index.html'), '<!doctype html><title>portal</title>');
    stack = await startCatalogueStack('media', { env: { MEDIA_DIR: media.dir, WEB_DIST_DIR: webDist.dir } });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    media.remove();
    webDist.remove();
  });

  describe('GET /api/anime/:id/episodes', () => {
    it('lists the episodes linked at boot with their HLS source, qualities, opening and ending', async () => {
      const res = await stack.api.get('/api/anime/20/episodes');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const [first, second] = manifest.episodes;
      expect(res.body.data).toEqual({
        animeId: 20,
        episodes: [first, second].map((episode) => ({
          animeId: 20,
          number: episode.number,
          title: episode.title,
          durationSeconds: 6,
          source: { kind: 'hls', url: `/media/${episode.master}`, qualities: [360, 720], thumbnails: null },
          opening: episode.opening,
          ending: episode.ending,
        })),
      });
    });

    it('tells in the details of a title how many episodes of its own it has', async () => {
      expect((await stack.api.get('/api/anime/20')).body.data.episodesAvailable).toBe(2);
      expect((await stack.api.get('/api/anime/16498')).body.data.episodesAvailable).toBe(0);
    });

    it('answers an empty list for a title without episodes (no provider configured)', async () => {
      const res = await stack.api.get('/api/anime/16498/episodes');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ animeId: 16498, episodes: [] });
    });

    it('answers 404 for an unknown title and 400 for an id that is not one', async () => {
      const unknown = await stack.api.get('/api/anime/999999999/episodes');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ success: false, code: ErrorCode.NotFound, message: CATALOGUE_MESSAGES.animeNotFound });
      for (const bad of ['abc', '0', '-5', '1.5', '99999999999']) {
        const res = await stack.api.get(`/api/anime/${bad}/episodes`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: ErrorCode.ValidationFailed });
        expect(res.body.errors[0]).toMatchObject({ field: 'animeId', message: expect.stringMatching(/[а-я]/) });
      }
    });
  });

  describe('/media/', () => {
    const first = () => manifest.episodes[0];
    const dirOf = (master: string) => `/media/${master.replace(/\/master\.m3u8$/, '')}`;

    it('serves playlists as application/vnd.apple.mpegurl, revalidated, and segments as video/mp2t cached for good', async () => {
      const master = await fetch(new URL(`/media/${first().master}`, stack.gateway.url));
      expect(master.status).toBe(200);
      expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      expect(master.headers.get('cache-control')).toBe('public, no-cache');
      expect(master.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await master.text()).toMatch(/#EXT-X-STREAM-INF:.*RESOLUTION=640x360[\s\S]*360p\/index\.m3u8/);

      const variant = await (await fetch(new URL(`${dirOf(first().master)}/360p/index.m3u8`, stack.gateway.url))).text();
      const segment = variant.split('\n').find((line) => line.endsWith('.ts'));
      const res = await fetch(new URL(`${dirOf(first().master)}/360p/${segment}`, stack.gateway.url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('video/mp2t');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes[0]).toBe(0x47); // the MPEG-TS sync byte
    });

    it('answers a byte range with 206 and exactly those bytes', async () => {
      const url = new URL(`${dirOf(first().master)}/720p/seg-000.ts`, stack.gateway.url);
      const whole = new Uint8Array(await (await fetch(url)).arrayBuffer());
      const res = await fetch(url, { headers: { Range: 'bytes=188-375' } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes 188-375/${whole.length}`);
      const part = new Uint8Array(await res.arrayBuffer());
      expect(part).toEqual(whole.slice(188, 376));
      expect((await fetch(url, { headers: { Range: `bytes=${whole.length + 10}-` } })).status).toBe(416);
    });

    it('never leaves MEDIA_DIR, lists no folder, hides the manifest and answers a missing file with a plain 404', async () => {
      const attempts = [
        '/media/../package.json',
        '/media/..%2fpackage.json',
        '/media/%2e%2e/%2e%2e/package.json',
        '/media/samples/..%2f..%2f..%2fpackage.json',
        '/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '/media/samples/',
        `/media/samples/${manifest.build}/`,
        `/media/samples/${manifest.build}/20`,
        '/media/samples/manifest.json',
        `${dirOf(first().master)}/360p/seg-999.ts`,
      ];
      for (const path of attempts) {
        const res = await rawGet(stack.gateway.url, path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.headers['content-type']).not.toMatch(/html/);
        expect(res.body).not.toMatch(/anime-portal|root:|"episodes"|seg-000/);
      }
    });
  });

  describe('linking (npm run media:samples runs the catalogue CLI; the boot links a changed manifest)', () => {
    const linkService = () => stack.catalogue.app.get(EpisodesLinkService);
    const cliEnv = () => testEnv({ ...stack.env, MEDIA_DIR: media.dir });

    it('changes nothing at boot when the manifest is the one already linked', async () => {
      expect(await linkService().link()).toMatchObject({ state: 'unchanged', episodes: 3, unknownAnimeIds: [] });
    });

    it('follows a changed manifest: episodes gone, added, and titles the catalogue lacks reported', async () => {
      const [first, , deathNote] = manifest.episodes;
      writeManifest({
        ...manifest,
        episodes: [first, { ...deathNote, animeId: 16498 }, { ...deathNote, animeId: 123456789 }],
      });
      const report = await linkEpisodes(cliEnv());
      expect(report).toMatchObject({ state: 'linked', episodes: 3, removed: 2, unknownAnimeIds: [123456789] });
      // Only the episode that is new is announced (the community's automatic news), in the linking
      // transaction: not the rewritten one of 20, not the one of a title the catalogue lacks.
      const announced: Array<{ payload: { animeId: number; episodes: number[]; title: string } }> = await stack.db.query(
        `SELECT payload FROM catalogue.outbox WHERE event_name = 'catalogue.episodes.added' ORDER BY occurred_at`,
      );
      expect(announced.map(({ payload }) => [payload.animeId, payload.episodes])).toEqual([[16498, [1]]]);
      expect(announced[0].payload.title).toEqual((await stack.db.query('SELECT title FROM catalogue.anime WHERE id = 16498'))[0].title);
      expect(await numbersOf(20)).toEqual([1]);
      expect(await numbersOf(16498)).toEqual([1]);
      expect(await numbersOf(1535)).toEqual([]);
      // The cached details follow at once: linking drops the catalogue cache.
      expect((await stack.api.get('/api/anime/20')).body.data.episodesAvailable).toBe(1);
    });

    it('keeps the last good rows when the manifest is broken or points out of MEDIA_DIR', async () => {
      const before = await numbersOf(20);
      writeManifest({ ...manifest, episodes: [{ ...manifest.episodes[0], master: '../../etc/passwd.m3u8' }] });
      expect(await linkService().link()).toMatchObject({ state: 'invalid', reason: expect.stringMatching(/master/) });
      writeFileSync(manifestPath(), '{ not json');
      expect(await linkService().link()).toMatchObject({ state: 'invalid' });
      expect(await numbersOf(20)).toEqual(before);
    });

    it('unlinks the samples when the manifest is gone, and links them again when it is back', async () => {
      rmSync(manifestPath());
      expect(await linkService().link()).toMatchObject({ state: 'missing', removed: 3 });
      expect(await numbersOf(20)).toEqual([]);
      mkdirSync(join(media.dir, 'samples'), { recursive: true });
      writeManifest(manifest);
      expect(await linkService().link()).toMatchObject({ state: 'linked', episodes: 3 });
      expect(await numbersOf(20)).toEqual([1, 2]);
      expect(await numbersOf(1535)).toEqual([1]);
    });
  });
});
