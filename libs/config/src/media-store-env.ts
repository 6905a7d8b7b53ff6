import { z } from 'zod';

/** Empty reads as unset, so a shared ConfigMap or compose file may list a variable without a value. */
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** An origin: a signature covers the path, so a path prefix (rewritten by a proxy) could never be signed right. */
const optionalOrigin = optionalText.pipe(
  z
    .string()
    .regex(/^https?:\/\/[^\s/?#@]+\/?$/, 'must be an origin: http(s)://host[:port]')
    .transform((origin) => origin.replace(/\/$/, ''))
    .optional(),
);

/** The longest a SigV4 presigned URL may live (S3's limit: one week). */
export const MAX_MEDIA_URL_TTL_SECONDS = 7 * 24 * 60 * 60;

/** What `MEDIA_STORE=s3` cannot go without. `S3_ENDPOINT` may stay empty: AWS S3 itself, found by `S3_REGION`. */
export const S3_REQUIRED_SETTINGS = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Where video lives (docs/media.md, «Where media is stored»): the folder `MEDIA_DIR` (as always) or an
 * S3-compatible bucket. Read by the gateway (serves `/media/`) and the catalogue (which will publish
 * renditions). The keys and secrets have no defaults: `MEDIA_STORE=s3` without them stops the boot
 * (`mediaStoreEnvRefinement`).
 */
export const mediaStoreEnvSchema = z.object({
  MEDIA_STORE: z.enum(['folder', 's3']).default('folder').meta({
    description:
      "where episodes' video lives: `folder` (`MEDIA_DIR`, one machine or a shared volume) or `s3` (an S3-compatible bucket: `S3_*`); the gateway serves `/media/` from it (docs/media.md, «Where media is stored»)",
  }),
  S3_ENDPOINT: optionalOrigin.meta({
    description: 'with `MEDIA_STORE=s3`: the S3 API address as the apps reach it (`http://minio:9000`); empty: AWS S3 of `S3_REGION`',
  }),
  S3_REGION: z.string().trim().min(1, 'must not be empty').default('us-east-1').meta({
    description: "with `MEDIA_STORE=s3`: the bucket's region (what the signatures name; MinIO and most others accept the default)",
  }),
  S3_BUCKET: optionalText
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 of a-z 0-9 . -)')
        .optional(),
    )
    .meta({ description: 'required with `MEDIA_STORE=s3`: the bucket (made beforehand; the apps never create it)' }),
  S3_ACCESS_KEY_ID: optionalText.meta({ description: 'required with `MEDIA_STORE=s3`: the access key (a secret: no default)' }),
  S3_SECRET_ACCESS_KEY: optionalText.meta({ description: 'required with `MEDIA_STORE=s3`: the secret key (a secret: no default)' }),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .default(true)
    .meta({
      description: "with `MEDIA_STORE=s3`: `host/bucket/key` addresses (MinIO, s3rver, most S3-compatible servers); `false`: `bucket.host/key` (AWS's own)",
    }),
  MEDIA_PUBLIC_BASE_URL: optionalOrigin.meta({
    description:
      "with `MEDIA_STORE=s3`: the S3 address as browsers reach it; set, `/media/` answers a segment with a 302 to a signed URL there, valid `MEDIA_URL_TTL_SECONDS` (playlists still go through the gateway); empty: the gateway streams every file from the bucket. The bucket must allow the portal's origin (CORS); the web client's CSP allows this origin in `media-src` and `connect-src`",
  }),
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_MEDIA_URL_TTL_SECONDS, `at most ${MAX_MEDIA_URL_TTL_SECONDS} (a week, S3's limit)`)
    .default(6 * 60 * 60)
    .meta({ description: 'how long a signed media URL (`MEDIA_PUBLIC_BASE_URL`) stays valid, in seconds (at most a week)' }),
});

export type MediaStoreEnv = z.infer<typeof mediaStoreEnvSchema>;

/** `MEDIA_STORE=s3` needs its bucket and keys: each missing one is named at boot. */
export const mediaStoreEnvRefinement = (
  env: Partial<Record<(typeof S3_REQUIRED_SETTINGS)[number], string>> & { MEDIA_STORE: string },
  context: z.RefinementCtx,
) => {
  if (env.MEDIA_STORE !== 's3') return;
  for (const name of S3_REQUIRED_SETTINGS) {
    if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'required with MEDIA_STORE=s3' });
  }
};
