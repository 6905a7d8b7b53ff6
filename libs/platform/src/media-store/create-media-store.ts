import { ConfigError, type MediaStoreEnv, S3_REQUIRED_SETTINGS } from '@portal/config';
import { FolderMediaStore } from './folder-media-store';
import type { MediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';

/** What picks and configures the store: `MEDIA_STORE` and its `S3_*`, or the folder `MEDIA_DIR`. */
export type MediaStoreSettings = MediaStoreEnv & { MEDIA_DIR: string };

/**
 * The store `MEDIA_STORE` names: the folder `MEDIA_DIR` (default) or the bucket of `S3_*`. The env
 * schemas refuse `s3` without its settings at boot; this checks again for callers that built the
 * settings themselves.
 */
export function createMediaStore(env: MediaStoreSettings): MediaStore {
  if (env.MEDIA_STORE !== 's3') return new FolderMediaStore(env.MEDIA_DIR);
  const missing = S3_REQUIRED_SETTINGS.filter((name) => !env[name]);
  if (missing.length > 0) throw new ConfigError(`invalid environment: ${missing.map((name) => `${name}: required with MEDIA_STORE=s3`).join('; ')}`);
  return new S3MediaStore({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET as string,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicBaseUrl: env.MEDIA_PUBLIC_BASE_URL,
    urlTtlSeconds: env.MEDIA_URL_TTL_SECONDS,
  });
}
