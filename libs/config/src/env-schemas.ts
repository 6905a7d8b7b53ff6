import { z } from 'zod';
import { DEFAULT_HEALTH_PORTS } from '@portal/contracts';
import { integrationsEnvRefinement, telegramEnvSchema, vkIdEnvSchema } from './integrations-env';

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const redisUrl = z
  .string({ error: 'required (redis://host:port)' })
  .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://');

const databaseUrl = z
  .string({ error: 'required (postgres://user@host:port/db)' })
  .regex(/^postgres(ql)?:\/\//, 'must start with postgres://');

/** Variables every app reads. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: redisUrl,
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]*$/, 'letters, digits and : . - _ only').default('portal:'),
  /** Every answer of a declared operation is parsed with its schema; a mismatch is a 500 (on in tests). */
  CHECK_ANSWERS: booleanString.default(false),
});

export const databaseEnvSchema = z.object({
  DATABASE_URL: databaseUrl,
  MIGRATE_ON_BOOT: booleanString.default(true),
  DB_POOL_SIZE: positiveInt(10),
});

export const jwtEnvSchema = z.object({
  JWT_SECRET: z.string({ error: 'required (at least 32 characters)' }).min(32, 'must be at least 32 characters'),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'a number with s, m, h or d, like 7d')
    .default('7d'),
});

export const healthPortSchema = (fallback: number) =>
  z.object({
    HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(fallback),
    /** How long the database or Redis may take to answer a readiness check before the service reports itself down. */
    HEALTH_CHECK_TIMEOUT_MS: positiveInt(2000),
  });

/** An external player's https URL template ({shikimoriId}, {kodikId}, {animeId}, {episode}); its host is fixed. */
const videoProviderIframeUrl = z
  .string()
  .regex(/^https:\/\/[^\s]+$/, 'must be an https URL')
  .refine((url) => url.includes('{episode}'), 'must contain {episode}')
  .refine((url) => !/^https:\/\/[^/?#]*[{}]/.test(url), 'the host must not contain placeholders');

/** Origins the web client may frame, comma-separated: `https://host` or `https://*.host`, with an optional port. */
const cspFrameOrigins = z
  .string()
  .transform((list) => list.split(',').map((origin) => origin.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^https:\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i, 'must be https origins (https://host[:port]), comma-separated')));

/** Origins the gateway fetches catalogue posters from, comma-separated: `http(s)://host[:port]`. */
const posterSourceOrigins = z
  .string()
  .transform((list) => list.split(',').map((origin) => origin.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/, 'must be origins (https://host[:port]), comma-separated')));

/** The dataset's poster host and Shikimori's image hosts: `POSTER_SOURCE_ORIGINS`' default. */
export const DEFAULT_POSTER_SOURCE_ORIGINS: readonly string[] = [
  'https://lain.bgm.tv',
  'https://shikimori.one',
  'https://shikimori.me',
  'https://desu.shikimori.one',
  'https://nyaa.shikimori.one',
  'https://dere.shikimori.one',
  'https://moe.shikimori.one',
  'https://kawai.shikimori.one',
];

/** AMV players the web client may embed (frame-src) besides the video provider: `CSP_FRAME_HOSTS`' default. */
export const DEFAULT_CSP_FRAME_HOSTS: readonly string[] = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
  'https://vk.com',
  'https://vkvideo.ru',
  'https://rutube.ru',
];

export const gatewayEnvSchema = baseEnvSchema.extend(jwtEnvSchema.shape).extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  RPC_TIMEOUT_MS: positiveInt(5000),
  TRUST_PROXY: booleanString.default(false),
  RATE_LIMIT_GLOBAL_PER_MINUTE: positiveInt(1200),
  WEB_DIST_DIR: z.string().optional(),
  /** How long a page's first screen waits for the API (page-shell-routes.ts); later, the plain page goes out. */
  PAGE_SHELL_DEADLINE_MS: positiveInt(1000),
  SLOW_REQUEST_MS: positiveInt(1000),
  /** Where uploaded files (collection covers) are stored and served from under /uploads. */
  UPLOADS_DIR: z.string().default('.data/uploads'),
  /** Video served at /media/ (HLS playlists and segments; the sample episodes live in its samples/). */
  MEDIA_DIR: z.string().default('.data/media'),
  /** Largest avatar upload (POST /api/users/me/avatar), in bytes. */
  AVATAR_MAX_BYTES: positiveInt(2 * 1024 * 1024),
  /** Largest profile banner upload (POST /api/users/me/banner), in bytes. */
  BANNER_MAX_BYTES: positiveInt(5 * 1024 * 1024),
  /** Largest AMV video upload (POST /api/amv/upload), in megabytes. */
  AMV_UPLOAD_MAX_MB: positiveInt(200),
  /**
   * Catalogue posters on these origins are fetched once, made small (WebP, 480 px wide) and served from
   * the portal's own origin at /api/anime/:id/poster; posters elsewhere are a redirect to them.
   */
  POSTER_SOURCE_ORIGINS: posterSourceOrigins.default(() => [...DEFAULT_POSTER_SOURCE_ORIGINS]),
  /** How long fetching one poster may take before its generated SVG is answered instead. */
  POSTER_FETCH_TIMEOUT_MS: positiveInt(5000),
  /** Seconds a cached catalogue response stays in Redis; changes drop it sooner. */
  CATALOGUE_CACHE_TTL_SECONDS: positiveInt(600),
  /** The catalogue's external player (VIDEO_PROVIDER=iframe): its origin is allowed in the web client's frame-src. */
  VIDEO_PROVIDER_IFRAME_URL: videoProviderIframeUrl.optional(),
  /** Further origins the web client may frame (AMV players); empty allows none but the video provider. */
  CSP_FRAME_HOSTS: cspFrameOrigins.default(() => [...DEFAULT_CSP_FRAME_HOSTS]),
  /**
   * Lets a scraper outside the private network read `GET /metrics` with `Authorization: Bearer <token>`;
   * unset, only direct connections from private addresses may (docs/deployment.md, «Observability»).
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export const serviceEnvSchema = (healthPort: number) =>
  baseEnvSchema.extend(databaseEnvSchema.shape).extend(healthPortSchema(healthPort).shape);

export const authEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.auth).extend(jwtEnvSchema.shape).extend({
  RATE_LIMIT_LOGIN_IP_PER_15MIN: positiveInt(20),
  RATE_LIMIT_LOGIN_ACCOUNT_PER_15MIN: positiveInt(10),
  RATE_LIMIT_REGISTER_IP_PER_HOUR: positiveInt(10),
  ARGON2_MAX_CONCURRENCY: positiveInt(4),
  CAPTCHA_TTL_SECONDS: positiveInt(600),
  /**
   * Hosts whose https images may be a profile's avatar or banner (comma-separated, e.g.
   * `shikimori.one,i.imgur.com`); empty: only the user's own uploads.
   */
  PROFILE_IMAGE_HOSTS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean)),
})
  .extend(telegramEnvSchema.shape)
  .extend(vkIdEnvSchema.shape)
  .superRefine(integrationsEnvRefinement);

const httpUrl = z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL');

export const catalogueEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.catalogue).extend({
  /** Folder with the dataset files of data/README.md. */
  CATALOGUE_DATA_DIR: z.string().default('data/catalogue'),
  /** Import the dataset at boot when the catalogue is empty. */
  CATALOGUE_IMPORT_ON_EMPTY: booleanString.default(true),
  /** AniDB's Russian titles are CC BY-NC-SA: a commercial deployment turns them off. */
  CATALOGUE_RUSSIAN_TITLES: z.enum(['on', 'off']).default('on'),
  SHIKIMORI_URL: httpUrl.default('https://shikimori.one'),
  /** Shikimori asks every client to name itself in User-Agent. */
  SHIKIMORI_USER_AGENT: z.string().min(1).default('AnimePortal/0.1 (+https://github.com/anime-portal)'),
  SHIKIMORI_RPS: positiveInt(5),
  SHIKIMORI_RPM: positiveInt(90),
  SHIKIMORI_TIMEOUT_MS: positiveInt(10_000),
  /** Attempts per sync job before it is reported failed (exponential backoff between). */
  METADATA_JOB_ATTEMPTS: positiveInt(5),
  /** Where the sample episodes' manifest is read from (MEDIA_DIR/samples/manifest.json, docs/media.md). */
  MEDIA_DIR: z.string().default('.data/media'),
  /** Link the samples of a changed manifest at boot (the CLI of `npm run media:samples` links them itself). */
  MEDIA_LINK_ON_BOOT: booleanString.default(true),
  /** Titles without episodes of their own may play in an external provider's iframe player (off by default). */
  VIDEO_PROVIDER: z.enum(['none', 'iframe']).default('none'),
  /** The provider's player URL with {shikimoriId}, {kodikId}, {animeId} and {episode} placeholders; required with VIDEO_PROVIDER=iframe. */
  VIDEO_PROVIDER_IFRAME_URL: videoProviderIframeUrl.optional(),
});

export const chatEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.chat).extend({
  /** Messages one user may post per window. */
  CHAT_RATE_LIMIT_MESSAGES: positiveInt(5),
  CHAT_RATE_LIMIT_SECONDS: positiveInt(10),
  /** Online presence: each gateway reports its visitors this often (the chat service tells it)… */
  PRESENCE_HEARTBEAT_MS: positiveInt(5000),
  /** …and a gateway that stops reporting (crash, network) drops out of the counts and the rooms after this. */
  PRESENCE_TTL_SECONDS: positiveInt(15),
  /** Watch party: how long a disconnected host keeps control before the next member gets it. */
  WATCH_PARTY_HOST_GRACE_MS: positiveInt(10_000),
  /** Watch party: a room (state, members, chat) expires this long after its last activity. */
  WATCH_PARTY_ROOM_TTL_SECONDS: positiveInt(6 * 60 * 60),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;
export type ServiceEnv = z.infer<ReturnType<typeof serviceEnvSchema>>;
export type AuthEnv = z.infer<typeof authEnvSchema>;
export type CatalogueEnv = z.infer<typeof catalogueEnvSchema>;
export type ChatEnv = z.infer<typeof chatEnvSchema>;

export const communityEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.community).extend({
  /** Deadline of a call to another service (the catalogue, auth). */
  RPC_TIMEOUT_MS: positiveInt(5000),
  /** Watch progress group commit: writes arriving within this many ms share one upsert… */
  PROGRESS_BATCH_WINDOW_MS: z.coerce.number().int().min(0).max(100).default(2),
  /** …of at most this many rows. */
  PROGRESS_BATCH_MAX: positiveInt(1000),
  /** Comments: one per this many seconds per user… */
  COMMENT_RATE_SECONDS: positiveInt(3),
  /** …and at most this many per user in 24 hours. */
  COMMENT_DAILY_LIMIT: positiveInt(200),
  /** Rankings: the fewest of our users' scores a title needs to be in «Лучшие по оценкам». */
  RANKINGS_MIN_VOTES: positiveInt(5),
  /** Rankings: how long one answer of the title lists serves everyone (per replica); 0 reads every time. */
  RANKINGS_TITLES_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** AMV uploads and their HLS renditions live in MEDIA_DIR/amv (the gateway serves MEDIA_DIR at /media/). */
  MEDIA_DIR: z.string().default('.data/media'),
  /** Transcode uploaded AMVs to HLS with ffmpeg (when one is found); off serves them as uploaded. */
  AMV_TRANSCODE: z.enum(['on', 'off']).default('on'),
  /** A quiz result is a success (what the quiz ranking counts) at this share of right answers or more. */
  QUIZ_SUCCESS_SHARE: z.coerce.number().gt(0, 'a share in (0, 1], like 0.8').max(1, 'a share in (0, 1], like 0.8').default(0.8),
});

export type CommunityEnv = z.infer<typeof communityEnvSchema>;

export const moderationEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.moderation).extend({
  /** Deadline of a call to another service (the owner of reported content, auth). */
  RPC_TIMEOUT_MS: positiveInt(5000),
  /** Content reported by this many distinct users is hidden until an admin decides (docs/moderation.md). */
  REPORT_HOLD_THRESHOLD: positiveInt(3),
});

export type ModerationEnv = z.infer<typeof moderationEnvSchema>;

export const rewardsEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.rewards).extend({
  /** Deadline of a call to another service (auth for ranks, the community). */
  RPC_TIMEOUT_MS: positiveInt(5000),
  /** Card files live in MEDIA_DIR/cards (the gateway serves them at /api/cards/{file}); share it with the gateway. */
  MEDIA_DIR: z.string().default('.data/media'),
  /** Make the animated WebM seed cards with ffmpeg at boot (skipped without ffmpeg). */
  CARD_VIDEOS: booleanString.default(true),
  /** Points a roulette spin costs. */
  REWARDS_SPIN_COST: positiveInt(100),
  /** A watching card for each this many episodes actually watched. */
  REWARDS_EPISODES_PER_CARD: positiveInt(10),
  /** Episodes a day that earn points (the daily cap of episode.watched). */
  REWARDS_EPISODES_DAILY_CAP: positiveInt(20),
});

export type RewardsEnv = z.infer<typeof rewardsEnvSchema>;
