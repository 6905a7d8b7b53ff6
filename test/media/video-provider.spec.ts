import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueEnvSchema, ConfigError, loadConfig } from '@portal/config';
import { createLogger } from '@portal/platform';
import { CatalogueAppModule } from '../../apps/catalogue/src/catalogue-app.module';
import { iframeUrl } from '../../apps/catalogue/src/episodes/services/episodes-query.service';
import { type CatalogueStack, startCatalogueStack } from '../catalogue/catalogue-test-kit';
import { testEnv } from '../support/test-apps';
import { tempMediaDir } from './media-test-kit';

const TEMPLATE = 'https://provider.example/embed?shikimori_id={shikimoriId}&episode={episode}';

describe('VIDEO_PROVIDER=iframe: an external player for titles without episodes of their own', () => {
  const media = tempMediaDir();
  let stack: CatalogueStack;

  beforeAll(async () => {
    // Naruto has an episode of its own (the file need not exist for the list).
    mkdirSync(join(media.dir, 'samples'), { recursive: true });
    writeFileSync(
      join(media.dir, 'samples/manifest.json'),
      JSON.stringify({
        version: 1,
        spec: 'test',
        episodes: [
          { animeId: 20, number: 1, title: null, durationSeconds: 60, master: 'samples/b/20/1/master.m3u8', qualities: [360], opening: null, ending: null },
        ],
      }),
    );
    stack = await startCatalogueStack('iframe', {
      env: { MEDIA_DIR: media.dir, VIDEO_PROVIDER: 'iframe', VIDEO_PROVIDER_IFRAME_URL: TEMPLATE },
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    media.remove();
  });

  it("lists the provider's player for episodes 1..N of a title without its own, by Shikimori id", async () => {
    const [row] = await stack.db.query('SELECT episodes, duration_minutes FROM catalogue.anime WHERE id = 1535');
    expect(row.episodes).toBeGreaterThan(1);
    const res = await stack.api.get('/api/anime/1535/episodes');
    expect(res.status).toBe(200);
    const { episodes } = res.body.data;
    expect(episodes).toHaveLength(row.episodes);
    expect(episodes[0]).toEqual({
      animeId: 1535,
      number: 1,
      title: null,
      durationSeconds: row.duration_minutes ? row.duration_minutes * 60 : null,
      source: { kind: 'iframe', url: 'https://provider.example/embed?shikimori_id=1535&episode=1' },
      opening: null,
      ending: null,
    });
    expect(episodes.at(-1).source.url).toBe(`https://provider.example/embed?shikimori_id=1535&episode=${row.episodes}`);
  });

  it('keeps own episodes first: a title with samples is not handed to the provider', async () => {
    const res = await stack.api.get('/api/anime/20/episodes');
    expect(res.body.data.episodes).toEqual([
      expect.objectContaining({ number: 1, source: { kind: 'hls', url: '/media/samples/b/20/1/master.m3u8', qualities: [360], thumbnails: null } }),
    ]);
  });

  it('offers nothing for a title the provider cannot name (no Shikimori id) or whose episode count is unknown', async () => {
    const [local] = await stack.db.query(`SELECT id FROM catalogue.anime WHERE id >= 100000000 AND id_shiki IS NULL AND episodes > 0 LIMIT 1`);
    expect(local).toBeDefined();
    expect((await stack.api.get(`/api/anime/${local.id}/episodes`)).body.data.episodes).toEqual([]);
    await stack.db.query('UPDATE catalogue.anime SET episodes = NULL WHERE id = 16498');
    expect((await stack.api.get('/api/anime/16498/episodes')).body.data.episodes).toEqual([]);
  });
});

describe('the provider URL template', () => {
  const naruto = { id: 20, id_shiki: 20, kodik_id: 'serial-1 2' };

  it('fills every placeholder, URL-encoded', () => {
    expect(iframeUrl('https://p.example/{kodikId}/{shikimoriId}/{animeId}?e={episode}', naruto, 7)).toBe('https://p.example/serial-1%202/20/20?e=7');
  });

  it('is null when the template names an id the title lacks, and ignores ids it does not name', () => {
    expect(iframeUrl('https://p.example/{kodikId}?e={episode}', { ...naruto, kodik_id: null }, 1)).toBeNull();
    expect(iframeUrl('https://p.example/{shikimoriId}?e={episode}', { id: 100_000_001, id_shiki: null, kodik_id: 'k' }, 1)).toBeNull();
    expect(iframeUrl('https://p.example/{shikimoriId}?e={episode}', { ...naruto, kodik_id: null }, 2)).toBe('https://p.example/20?e=2');
  });
});

describe('video provider settings', () => {
  const env = (overrides: Record<string, string>) => testEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/x', ...overrides });

  it('is off by default', () => {
    expect(loadConfig(catalogueEnvSchema, env({}))).toMatchObject({ VIDEO_PROVIDER: 'none', MEDIA_DIR: '.data/media', MEDIA_LINK_ON_BOOT: true });
  });

  it('refuses a provider URL that is not https or has no {episode}, naming the variable', () => {
    expect(() => loadConfig(catalogueEnvSchema, env({ VIDEO_PROVIDER_IFRAME_URL: 'http://provider.example/{episode}' }))).toThrow(
      /VIDEO_PROVIDER_IFRAME_URL: must be an https URL/,
    );
    expect(() => loadConfig(catalogueEnvSchema, env({ VIDEO_PROVIDER_IFRAME_URL: 'https://provider.example/x' }))).toThrow(
      /VIDEO_PROVIDER_IFRAME_URL: must contain \{episode\}/,
    );
  });

  it('stops the catalogue at boot, in one line, when the iframe provider has no URL', () => {
    const config = loadConfig(catalogueEnvSchema, env({ VIDEO_PROVIDER: 'iframe' }));
    const build = () => CatalogueAppModule.forRoot(config, createLogger('catalogue', 'silent'));
    expect(build).toThrow(ConfigError);
    expect(build).toThrow(/^invalid environment: VIDEO_PROVIDER_IFRAME_URL: required when VIDEO_PROVIDER=iframe$/);
  });
});
