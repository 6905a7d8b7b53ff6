import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogueEnvSchema, ConfigError, gatewayEnvSchema, loadConfig } from '@portal/config';
import { createMediaStore, FolderMediaStore, InvalidMediaKeyError, type MediaStoreSettings, S3MediaStore } from '@portal/platform';
import { BAD_KEYS, describeMediaStoreContract, type MediaStoreHarness, readAll } from './media-store-contract';
import { realS3FromEnv, type S3TestBucket, startS3rver } from './s3-test-server';

/** The store on a bucket, and the same bucket signing URLs for browsers (now, and long ago). */
function bucketHarness(bucket: S3TestBucket, root: string): MediaStoreHarness {
  const ttlSeconds = 6 * 60 * 60;
  const settings = {
    endpoint: bucket.endpoint,
    region: bucket.region,
    bucket: bucket.bucket,
    accessKeyId: bucket.accessKeyId,
    secretAccessKey: bucket.secretAccessKey,
    forcePathStyle: bucket.forcePathStyle,
  };
  // Browsers reach this bucket where the apps do; the signatures name that address.
  const publicBaseUrl = bucket.endpoint ?? `https://s3.${bucket.region}.amazonaws.com`;
  const store = new S3MediaStore({ ...settings, partSizeBytes: 5 * 1024 * 1024 });
  const signer = new S3MediaStore({ ...settings, publicBaseUrl, urlTtlSeconds: ttlSeconds });
  const expired = new S3MediaStore({ ...settings, publicBaseUrl, urlTtlSeconds: ttlSeconds, now: () => Date.now() - (ttlSeconds + 120) * 1000 });
  return {
    store,
    root,
    signing: { store: signer, ttlSeconds, expiredStore: expired, secretAccessKey: bucket.secretAccessKey, serverChecksSignatures: bucket.checksSignatures },
    close: async () => {
      await Promise.all([store.close(), signer.close(), expired.close()]);
      await bucket.close();
    },
  };
}

describeMediaStoreContract({
  name: 'FolderMediaStore (MEDIA_DIR)',
  traits: { multipart: false, keepsMetadata: false, signedUrls: false },
  open: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-media-folder-'));
    return { store: new FolderMediaStore(dir), root: 'contract', close: async () => rmSync(dir, { recursive: true, force: true }) };
  },
});

describeMediaStoreContract({
  name: 'S3MediaStore on s3rver',
  traits: { multipart: true, keepsMetadata: true, signedUrls: true },
  open: async () => bucketHarness(await startS3rver(), 'contract'),
});

const realBucket = realS3FromEnv();
if (realBucket) {
  describeMediaStoreContract({
    name: `S3MediaStore on ${realBucket.name}`,
    traits: { multipart: true, keepsMetadata: true, signedUrls: true },
    open: async () => bucketHarness(realBucket, `portal-test-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`),
  });
} else {
  it.skip('S3MediaStore on a real bucket: set TEST_S3_BUCKET, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY (and TEST_S3_ENDPOINT)', () => undefined);
}

describe('FolderMediaStore: what only a folder can show', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-media-folder-'));
  const outside = mkdtempSync(join(tmpdir(), 'portal-media-outside-'));
  const store = new FolderMediaStore(join(dir, 'media'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('writes through a temporary file renamed into place: a reader of the old file reads it whole, and nothing half-written is left', async () => {
    const first = randomBytes(256 * 1024);
    const second = randomBytes(300 * 1024);
    writeFileSync(join(outside, 'first.ts'), first);
    writeFileSync(join(outside, 'second.ts'), second);
    await store.putFile('ep/seg.ts', join(outside, 'first.ts'), { contentType: 'video/mp2t' });
    const reader = await store.open('ep/seg.ts');
    await store.putFile('ep/seg.ts', join(outside, 'second.ts'), { contentType: 'video/mp2t' });
    expect((await readAll(reader!.body)).equals(first)).toBe(true);
    expect((await readAll((await store.open('ep/seg.ts'))!.body)).equals(second)).toBe(true);
    expect(readdirSync(join(dir, 'media/ep'))).toEqual(['seg.ts']);
  });

  it('leaves no temporary file when the source cannot be read', async () => {
    await expect(store.putFile('ep/missing.ts', join(outside, 'no-such-file.ts'), { contentType: 'video/mp2t' })).rejects.toThrow(/ENOENT/);
    expect(readdirSync(join(dir, 'media/ep'))).toEqual(['seg.ts']);
  });

  it('never writes or reads outside its folder for a refused key', async () => {
    writeFileSync(join(outside, 'secret.ts'), 'secret');
    for (const bad of [...BAD_KEYS, `../${outside.split('/').pop()}/secret.ts`]) {
      await expect(store.putFile(bad, join(outside, 'secret.ts'), { contentType: 'video/mp2t' })).rejects.toThrow(InvalidMediaKeyError);
      await expect(store.open(bad)).rejects.toThrow(InvalidMediaKeyError);
    }
    expect(readdirSync(dir)).toEqual(['media']);
    expect(existsSync(join(dir, 'etc'))).toBe(false);
  });

  it('hides the dotfiles (temporary files, partial builds) from list and open', async () => {
    writeFileSync(join(dir, 'media/ep/.seg.ts.1234.partial'), 'half');
    expect((await store.list('ep')).map((entry) => entry.key)).toEqual(['ep/seg.ts']);
    await expect(store.open('ep/.seg.ts.1234.partial')).rejects.toThrow(InvalidMediaKeyError);
  });
});

describe('MEDIA_STORE and its settings, checked at boot', () => {
  const gatewayBase = { REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: 'x'.repeat(32) };
  const catalogueBase = { REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://portal@127.0.0.1:5432/portal' };
  const s3 = {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: 'http://minio:9000',
    S3_BUCKET: 'portal-media',
    S3_ACCESS_KEY_ID: 'portal',
    S3_SECRET_ACCESS_KEY: 'a-secret-key',
  };

  it('stores media in the folder by default, with nothing else to set', () => {
    for (const config of [loadConfig(gatewayEnvSchema, gatewayBase), loadConfig(catalogueEnvSchema, catalogueBase)]) {
      expect(config).toMatchObject({ MEDIA_STORE: 'folder', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, MEDIA_URL_TTL_SECONDS: 21_600 });
      expect(config.S3_BUCKET).toBeUndefined();
      expect(config.MEDIA_PUBLIC_BASE_URL).toBeUndefined();
    }
  });

  it('stops the gateway and the catalogue with one line naming every missing setting of MEDIA_STORE=s3', () => {
    for (const [schema, base] of [
      [gatewayEnvSchema, gatewayBase],
      [catalogueEnvSchema, catalogueBase],
    ] as const) {
      let error: unknown;
      try {
        loadConfig(schema, { ...base, MEDIA_STORE: 's3' });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const { message } = error as Error;
      expect(message).not.toContain('\n');
      expect(message).toBe(
        'invalid environment: S3_BUCKET: required with MEDIA_STORE=s3; S3_ACCESS_KEY_ID: required with MEDIA_STORE=s3; S3_SECRET_ACCESS_KEY: required with MEDIA_STORE=s3',
      );
      // Empty values (a shared ConfigMap listing the keys) count as missing.
      expect(() => loadConfig(schema, { ...base, ...s3, S3_SECRET_ACCESS_KEY: ' ' })).toThrow('S3_SECRET_ACCESS_KEY: required with MEDIA_STORE=s3');
    }
  });

  it('takes a complete bucket configuration, empty optional values read as unset', () => {
    const config = loadConfig(gatewayEnvSchema, {
      ...gatewayBase,
      ...s3,
      MEDIA_PUBLIC_BASE_URL: 'https://media.example.com/',
      S3_FORCE_PATH_STYLE: 'false',
      MEDIA_URL_TTL_SECONDS: '600',
    });
    expect(config).toMatchObject({ ...s3, S3_FORCE_PATH_STYLE: false, MEDIA_PUBLIC_BASE_URL: 'https://media.example.com', MEDIA_URL_TTL_SECONDS: 600 });
    expect(loadConfig(gatewayEnvSchema, { ...gatewayBase, ...s3, S3_ENDPOINT: '', MEDIA_PUBLIC_BASE_URL: '' })).toMatchObject({
      S3_ENDPOINT: undefined,
      MEDIA_PUBLIC_BASE_URL: undefined,
    });
  });

  it('refuses a bad address, bucket name or lifetime, naming the variable', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ MEDIA_STORE: 'disk' }, /MEDIA_STORE/],
      [{ S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT: must be an origin/],
      [{ MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/media' }, /MEDIA_PUBLIC_BASE_URL: must be an origin/],
      [{ S3_BUCKET: 'Media_Bucket' }, /S3_BUCKET: must be a bucket name/],
      [{ MEDIA_URL_TTL_SECONDS: '0' }, /MEDIA_URL_TTL_SECONDS/],
      [{ MEDIA_URL_TTL_SECONDS: String(8 * 24 * 3600) }, /MEDIA_URL_TTL_SECONDS: at most 604800/],
      [{ S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
    ];
    for (const [values, message] of bad) expect(() => loadConfig(gatewayEnvSchema, { ...gatewayBase, ...s3, ...values })).toThrow(message);
  });

  it('makes the store MEDIA_STORE names', async () => {
    const folder = createMediaStore(loadConfig(gatewayEnvSchema, { ...gatewayBase, MEDIA_DIR: '/srv/media' }));
    expect(folder).toBeInstanceOf(FolderMediaStore);
    expect((folder as FolderMediaStore).rootDir).toBe('/srv/media');
    const bucket = createMediaStore(loadConfig(gatewayEnvSchema, { ...gatewayBase, ...s3 }));
    expect(bucket).toBeInstanceOf(S3MediaStore);
    expect(bucket.kind).toBe('s3');
    expect(await bucket.publicUrl('episodes/1/master.m3u8')).toBe('/media/episodes/1/master.m3u8');
    await bucket.close();
    // Settings made by hand are checked again.
    const incomplete = { ...loadConfig(gatewayEnvSchema, gatewayBase), MEDIA_STORE: 's3' } as MediaStoreSettings;
    expect(() => createMediaStore(incomplete)).toThrow(ConfigError);
  });
});
