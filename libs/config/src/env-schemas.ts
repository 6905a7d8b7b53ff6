import { z } from 'zod';
import { DEFAULT_HEALTH_PORTS } from '@portal/contracts';
import { integrationsEnvRefinement, telegramEnvSchema, vkIdEnvSchema } from './integrations-env';
import { mediaStoreEnvRefinement, mediaStoreEnvSchema } from './media-store-env';

// What the configuration table (docs/configuration.md) reads from a variable's schema field besides its description (config-table.ts).
declare module 'zod' {
  interface GlobalMeta {
    /** The default column's text when the schema has no default to show (required, or computed at run time). */
    defaultText?: string;
    /** Readers of the variable that are not apps, e.g. `npm start`. */
    alsoUsedBy?: string;
  }
}

const booleanString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const redisUrl = z
  .string({ error: 'required (redis://host:port)' })
  .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
  .meta({ description: 'transport, queues, caches, rate limits', defaultText: '`redis://127.0.0.1:6379`' });

const databaseUrl = z
  .string({ error: 'required (postgres://user@host:port/db)' })
  .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
  .meta({ description: 'PostgreSQL 15+ with UTF-8 encoding; each service owns one schema', defaultText: 'the embedded PostgreSQL' });

/** Variables every app reads. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').meta({
    description:
      '`production` under `npm start`, in the image and in k8s; with `development` or `test` a remote call awaited inside an open database transaction fails instead of being logged (docs/architecture.md)',
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').meta({
    description:
      'pino level; logs are JSON with a `requestId` that follows a request across services. At `info` the gateway logs refused, failed and slow (≥ `SLOW_REQUEST_MS`) requests and services their failed calls; `debug` adds a line for every request and every handled call',
  }),
  REDIS_URL: redisUrl,
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]*$/, 'letters, digits and : . - _ only')
    .default('portal:')
    .meta({ description: 'namespaces keys, queues and transport channels' }),
  CHECK_ANSWERS: booleanString.default(false).meta({
    description:
      '`true`: every answer of a declared operation is parsed with its answer schema, and one that does not match fails the call with a 500 naming the field (on in `npm test`; docs/adding-an-operation.md)',
  }),
});

export const databaseEnvSchema = z.object({
  DATABASE_URL: databaseUrl,
  MIGRATE_ON_BOOT: booleanString.default(true).meta({ description: "apply the service's migrations at start (under an advisory lock)" }),
  CHECK_ROWS: booleanString.default(false).meta({
    description:
      '`true`: every row a repository reads is parsed with its row schema, and one that does not match fails the query naming the column (on in `npm test`; docs/architecture.md, «Typed rows»)',
  }),
  DB_POOL_SIZE: positiveInt(10).meta({ description: 'connections per service' }),
});

export const jwtEnvSchema = z.object({
  JWT_SECRET: z
    .string({ error: 'required (at least 32 characters)' })
    .min(32, 'must be at least 32 characters')
    .meta({ description: 'at least 32 characters', defaultText: 'generated into `.data/jwt-secret`' }),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'a number with s, m, h or d, like 7d')
    .default('7d')
    .meta({ description: 'session token lifetime (`30m`, `12h`, `7d`)' }),
});

const healthPorts = Object.values(DEFAULT_HEALTH_PORTS);

export const healthPortSchema = (fallback: number) =>
  z.object({
    HEALTH_PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(fallback)
      .meta({
        description: 'probe port of a service (`npm start` also reads `<APP>_HEALTH_PORT`)',
        defaultText: `${Math.min(...healthPorts)}–${Math.max(...healthPorts)}`,
      }),
    HEALTH_CHECK_TIMEOUT_MS: positiveInt(2000).meta({
      description:
        "how long the database or Redis may take to answer a readiness check (`/health/ready`, the gateway's `/api/health`) before the service reports itself down",
    }),
  });

const rpcTimeoutMs = positiveInt(5000).meta({ description: 'deadline of a call to a service; past it the client gets 503' });

const mediaDir = z.string().default('.data/media').meta({
  description:
    "video served at `/media/` (HLS, byte ranges); the sample episodes and their `samples/manifest.json` live here, AMV uploads, their HLS and the sample AMVs in `amv/` (docs/media.md); the reward cards' files in `cards/`, served at `/api/cards/{file}` (docs/rewards.md)",
  alsoUsedBy: 'npm start',
});

const videoProviderIframeUrl = z
  .string()
  .regex(/^https:\/\/[^\s]+$/, 'must be an https URL')
  .refine((url) => url.includes('{episode}'), 'must contain {episode}')
  .refine((url) => !/^https:\/\/[^/?#]*[{}]/.test(url), 'the host must not contain placeholders')
  .optional()
  .meta({
    description:
      "the provider's https player URL with `{shikimoriId}`, `{kodikId}`, `{animeId}`, `{episode}`; required with `VIDEO_PROVIDER=iframe`; the gateway allows its origin in the web client's CSP `frame-src` (give both the same value)",
  });

/** Origins the web client may frame, comma-separated: `https://host` or `https://*.host`, with an optional port. */
const cspFrameOrigins = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.string().regex(/^https:\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i, 'must be https origins (https://host[:port]), comma-separated')),
  );

/** Origins the gateway fetches catalogue posters from, comma-separated: `http(s)://host[:port]`. */
const posterSourceOrigins = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((origin) => origin.trim().toLowerCase())
      .filter(Boolean),
  )
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

const gatewayOwnEnvSchema = baseEnvSchema.extend(jwtEnvSchema.shape).extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000).meta({ description: 'the public HTTP port (API, web client, websockets)' }),
  HOST: z.string().default('0.0.0.0').meta({ description: 'the address the gateway listens on' }),
  RPC_TIMEOUT_MS: rpcTimeoutMs,
  TRUST_PROXY: booleanString.default(false).meta({ description: 'take the client IP from `X-Forwarded-For` (behind an ingress)' }),
  RATE_LIMIT_GLOBAL_PER_MINUTE: positiveInt(1200).meta({
    description:
      'API requests per IP per minute, shared by all gateway replicas; high enough for a household or a mobile carrier behind one address (a page makes ~10 calls); each replica counts locally and adds up in Redis every 100 ms, and past half the limit every request is counted in Redis first',
  }),
  WEB_DIST_DIR: z.string().optional().meta({
    description: 'the built web client (`npm run build:web`) the gateway serves besides the API; a folder without `index.html`: the API only',
    defaultText: '`web/dist`',
  }),
  PAGE_SHELL_DEADLINE_MS: positiveInt(1000).meta({
    description:
      "how long a page's first screen drawn by the gateway (docs/web.md) waits for the API; later, the plain index.html goes out and the client draws the page",
  }),
  SLOW_REQUEST_MS: positiveInt(1000).meta({
    description: 'a request that takes this long is written to the access log at `info` whatever its status (see `LOG_LEVEL`)',
  }),
  UPLOADS_DIR: z.string().default('.data/uploads').meta({
    description: 'where uploads (collection covers, avatars in `avatars/`, banners in `bg/`) are stored; served at `/uploads/`',
  }),
  MEDIA_DIR: mediaDir,
  AVATAR_MAX_BYTES: positiveInt(2 * 1024 * 1024).meta({ description: 'largest avatar upload, in bytes (PNG, JPEG, WebP, GIF, WebM, checked by content)' }),
  BANNER_MAX_BYTES: positiveInt(5 * 1024 * 1024).meta({
    description: 'largest profile banner upload, in bytes (PNG, JPEG, WebP, GIF, WebM, checked by content)',
  }),
  AMV_UPLOAD_MAX_MB: positiveInt(200).meta({
    description: 'largest AMV video upload (`POST /api/amv/upload`, MP4 or WebM checked by content; 413 past it)',
  }),
  EPISODE_UPLOAD_MAX_MB: positiveInt(20_480).meta({
    description: 'largest episode source (the resumable upload at `/api/episode-uploads`, checked by ffprobe; 413 past it)',
  }),
  EPISODE_UPLOAD_EXPIRY_HOURS: positiveInt(48).meta({
    description: 'an unfinished episode upload not continued for this long is deleted (its partial file too)',
  }),
  EPISODE_TRACK_UPLOAD_MAX_MB: positiveInt(1024).meta({
    description:
      'largest voice-over file added to a transcoded episode (`POST /api/admin/anime/:animeId/episodes/:number/tracks`, checked by ffprobe; 413 past it); subtitle files are limited to 5 MB',
  }),
  POSTER_SOURCE_ORIGINS: posterSourceOrigins
    .default(() => [...DEFAULT_POSTER_SOURCE_ORIGINS])
    .meta({
      description:
        'origins whose posters the gateway fetches once and serves from `/api/anime/:id/poster` (WebP, 480 px wide); posters elsewhere are a redirect (docs/catalogue.md, «Posters»)',
      defaultText: "`https://lain.bgm.tv` and Shikimori's image hosts",
    }),
  POSTER_FETCH_TIMEOUT_MS: positiveInt(5000).meta({
    description: 'how long fetching one poster may take before the generated one is answered (tried again after 10 minutes)',
  }),
  CATALOGUE_CACHE_TTL_SECONDS: positiveInt(600).meta({ description: 'lifetime of a cached catalogue answer in Redis (changes drop it at once)' }),
  VIDEO_PROVIDER_IFRAME_URL: videoProviderIframeUrl,
  CSP_FRAME_HOSTS: cspFrameOrigins
    .default(() => [...DEFAULT_CSP_FRAME_HOSTS])
    .meta({
      description:
        'further https origins the web client may embed in iframes (AMV players), comma-separated; empty for none (docs/architecture.md, Security headers)',
    }),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional().meta({
    description:
      "at least 16 characters: `GET /metrics` of the gateway also answers `Authorization: Bearer <token>`; unset, only a direct (not proxied) connection from a loopback or private address may read it, everyone else gets 404. The services' `/metrics` on `HEALTH_PORT` is not guarded (docs/deployment.md, «Observability»)",
  }),
});

/** The gateway serves `/media/` from the media store (a folder or a bucket: MEDIA_STORE). */
export const gatewayEnvSchema = gatewayOwnEnvSchema.extend(mediaStoreEnvSchema.shape).superRefine(mediaStoreEnvRefinement);

export const serviceEnvSchema = (healthPort: number) => baseEnvSchema.extend(databaseEnvSchema.shape).extend(healthPortSchema(healthPort).shape);

export const authEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.auth)
  .extend(jwtEnvSchema.shape)
  .extend({
    RATE_LIMIT_LOGIN_IP_PER_15MIN: positiveInt(20).meta({ description: 'failed logins per IP' }),
    RATE_LIMIT_LOGIN_ACCOUNT_PER_15MIN: positiveInt(10).meta({ description: 'failed logins per account and IP (an attacker cannot lock the owner out)' }),
    RATE_LIMIT_REGISTER_IP_PER_HOUR: positiveInt(10).meta({ description: 'well-formed registration attempts per IP' }),
    ARGON2_MAX_CONCURRENCY: positiveInt(4).meta({ description: 'password hashes computed at once (19 MiB each)' }),
    CAPTCHA_TTL_SECONDS: positiveInt(600).meta({ description: 'lifetime of a registration captcha' }),
    PROFILE_IMAGE_HOSTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .meta({
        description:
          "hosts whose https images may be an avatar or banner, comma-separated (e.g. `shikimori.one,i.imgur.com`); empty: only the user's own uploads (a foreign image server would see every viewer's IP)",
      }),
  })
  .extend(telegramEnvSchema.shape)
  .extend(vkIdEnvSchema.shape)
  .superRefine(integrationsEnvRefinement);

const httpUrl = z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL');

const catalogueOwnEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.catalogue).extend({
  /** Deadline of a call to another service (auth, for the admins' role). */
  RPC_TIMEOUT_MS: rpcTimeoutMs,
  CATALOGUE_DATA_DIR: z.string().default('data/catalogue').meta({ description: 'the dataset files (data/README.md)' }),
  CATALOGUE_IMPORT_ON_EMPTY: booleanString.default(true).meta({
    description:
      'import the dataset at boot until one import has run to its end (one replica imports, the others wait; a killed import is finished by the next boot)',
  }),
  CATALOGUE_RUSSIAN_TITLES: z.enum(['on', 'off']).default('on').meta({
    description: "AniDB's Russian titles (CC BY-NC-SA, non-commercial); `off` for a commercial deployment",
  }),
  SHIKIMORI_URL: httpUrl.default('https://shikimori.one').meta({ description: 'Shikimori API base (metadata sync, image search)' }),
  SHIKIMORI_USER_AGENT: z
    .string()
    .min(1)
    .default('AnimePortal/0.1 (+https://github.com/anime-portal)')
    .meta({ description: 'Shikimori asks every client to name itself' }),
  SHIKIMORI_RPS: positiveInt(5).meta({ description: "Shikimori's requests per second, enforced across all catalogue processes" }),
  SHIKIMORI_RPM: positiveInt(90).meta({ description: "Shikimori's requests per minute, enforced across all catalogue processes" }),
  SHIKIMORI_TIMEOUT_MS: positiveInt(10_000).meta({ description: 'deadline of one Shikimori request' }),
  METADATA_JOB_ATTEMPTS: positiveInt(5).meta({ description: 'attempts of a sync job (exponential backoff) before it is reported failed' }),
  MEDIA_DIR: mediaDir,
  /** The CLI of `npm run media:samples` links them itself. */
  MEDIA_LINK_ON_BOOT: booleanString.default(true).meta({ description: 'link the sample episodes of a changed manifest at boot' }),
  EPISODE_TRANSCODE_PRESET: z
    .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'])
    .default('veryfast')
    .meta({ description: "x264's preset for uploaded episodes' HLS ladder (slower: smaller files for the same quality, more CPU)" }),
  VIDEO_PROVIDER: z.enum(['none', 'iframe']).default('none').meta({
    description: "`iframe`: titles without episodes of their own list an external provider's player for episodes 1..N (docs/media.md)",
  }),
  VIDEO_PROVIDER_IFRAME_URL: videoProviderIframeUrl,
});

/** The catalogue will publish renditions to the media store (docs/media.md, «Where media is stored»); it checks the settings at boot already. */
export const catalogueEnvSchema = catalogueOwnEnvSchema.extend(mediaStoreEnvSchema.shape).superRefine(mediaStoreEnvRefinement);

export const chatEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.chat).extend({
  /** Deadline of a call to another service (auth, for the admins' deletions). */
  RPC_TIMEOUT_MS: rpcTimeoutMs,
  CHAT_RATE_LIMIT_MESSAGES: positiveInt(5).meta({ description: 'messages one user may post per `CHAT_RATE_LIMIT_SECONDS`' }),
  CHAT_RATE_LIMIT_SECONDS: positiveInt(10).meta({ description: 'the window of `CHAT_RATE_LIMIT_MESSAGES`, in seconds' }),
  PRESENCE_HEARTBEAT_MS: positiveInt(5000).meta({
    description: 'online presence: how often each gateway reports its visitors (the chat service tells it in every answer)',
  }),
  PRESENCE_TTL_SECONDS: positiveInt(15).meta({
    description: 'online presence: how long until a gateway that stops reporting drops out of the counts and its sockets out of watch-party rooms',
  }),
  WATCH_PARTY_HOST_GRACE_MS: positiveInt(10_000).meta({
    description: 'how long a disconnected watch-party host keeps control before the next member gets it',
  }),
  WATCH_PARTY_ROOM_TTL_SECONDS: positiveInt(6 * 60 * 60).meta({
    description: 'a watch-party room (state, members, chat) expires this long after its last activity',
  }),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;
export type ServiceEnv = z.infer<ReturnType<typeof serviceEnvSchema>>;
export type AuthEnv = z.infer<typeof authEnvSchema>;
export type CatalogueEnv = z.infer<typeof catalogueEnvSchema>;
export type ChatEnv = z.infer<typeof chatEnvSchema>;

export const communityEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.community).extend({
  /** Deadline of a call to another service (the catalogue, auth). */
  RPC_TIMEOUT_MS: rpcTimeoutMs,
  PROGRESS_BATCH_WINDOW_MS: z.coerce.number().int().min(0).max(100).default(2).meta({
    description: 'watch-progress group commit: writes arriving within this many ms share one upsert',
  }),
  PROGRESS_BATCH_MAX: positiveInt(1000).meta({ description: 'watch-progress group commit: the most rows one upsert writes' }),
  COMMENT_RATE_SECONDS: positiveInt(3).meta({ description: 'comments: one per this many seconds per user (429 with `Retry-After`)' }),
  COMMENT_DAILY_LIMIT: positiveInt(200).meta({ description: 'comments: at most this many per user in 24 hours (429 with `Retry-After`)' }),
  RANKINGS_MIN_VOTES: positiveInt(5).meta({ description: "rankings: the fewest of our users' scores a title needs to be in «Лучшие по оценкам»" }),
  RANKINGS_TITLES_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60).meta({
    description: 'rankings: how long one answer of the title lists (`GET /api/rankings/titles`) serves every caller, per replica; `0` reads every time',
  }),
  MEDIA_DIR: mediaDir,
  AMV_TRANSCODE: z.enum(['on', 'off']).default('on').meta({
    description: 'transcode uploaded AMVs to HLS with ffmpeg in a BullMQ job (when an ffmpeg is found); `off` serves them as uploaded',
  }),
  QUIZ_SUCCESS_SHARE: z.coerce.number().gt(0, 'a share in (0, 1], like 0.8').max(1, 'a share in (0, 1], like 0.8').default(0.8).meta({
    description:
      'a quiz result is a success (what the quiz ranking counts, `success` in `community.quiz.result.recorded`) at this share of right answers or more; a number in (0, 1]',
  }),
});

export type CommunityEnv = z.infer<typeof communityEnvSchema>;

export const moderationEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.moderation).extend({
  /** Deadline of a call to another service (the owner of reported content, auth). */
  RPC_TIMEOUT_MS: rpcTimeoutMs,
  REPORT_HOLD_THRESHOLD: positiveInt(3).meta({
    description: 'content reported by this many distinct users is hidden until an admin decides (comments and reviews; docs/moderation.md)',
  }),
});

export type ModerationEnv = z.infer<typeof moderationEnvSchema>;

export const rewardsEnvSchema = serviceEnvSchema(DEFAULT_HEALTH_PORTS.rewards).extend({
  /** Deadline of a call to another service (auth for ranks, the community). */
  RPC_TIMEOUT_MS: rpcTimeoutMs,
  MEDIA_DIR: mediaDir,
  CARD_VIDEOS: booleanString.default(true).meta({
    description:
      'make the three animated WebM seed cards with ffmpeg at boot, once per database (skipped, with a warning, when no ffmpeg is found; the 16 SVG cards are made regardless)',
  }),
  REWARDS_SPIN_COST: positiveInt(100).meta({ description: 'points a roulette spin costs (docs/rewards.md, «Roulette»)' }),
  REWARDS_EPISODES_PER_CARD: positiveInt(10).meta({
    description: "a watching card for each this many episodes actually watched (from the player's progress)",
  }),
  REWARDS_EPISODES_DAILY_CAP: positiveInt(20).meta({
    description: "episodes a day that earn points (the daily cap of `episode.watched`; the other kinds' caps are fixed, docs/rewards.md)",
  }),
});

export type RewardsEnv = z.infer<typeof rewardsEnvSchema>;
