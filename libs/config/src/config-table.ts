import { z } from 'zod';
import type { AppName } from '@portal/contracts';
import { betweenMarkers, type Markers, withBetweenMarkers } from '@portal/contracts/docs/marked-section';
import { authEnvSchema, catalogueEnvSchema, chatEnvSchema, communityEnvSchema, gatewayEnvSchema, moderationEnvSchema, rewardsEnvSchema } from './env-schemas';

/** One row of the configuration table (docs/configuration.md). */
export interface Setting {
  name: string;
  usedBy: string;
  defaultText: string;
  meaning: string;
}

/** Every app's schema, in the order «used by» names them. */
export const APP_SCHEMAS: Record<AppName, z.ZodObject> = {
  gateway: gatewayEnvSchema,
  auth: authEnvSchema,
  catalogue: catalogueEnvSchema,
  community: communityEnvSchema,
  chat: chatEnvSchema,
  rewards: rewardsEnvSchema,
  moderation: moderationEnvSchema,
};

/** Variables no app's schema has: read by the scripts, or straight from the environment. */
export const OTHER_SETTINGS: readonly Setting[] = [
  {
    name: 'PORTAL_DATA_DIR',
    usedBy: 'npm start',
    defaultText: '`.data`',
    meaning: "where the embedded PostgreSQL's data (`postgres/`, its log `postgres.log`, its password), the generated secret and runtime info live",
  },
  {
    name: 'FFMPEG_PATH',
    usedBy: 'community, rewards, npm start, media:samples, tests',
    defaultText: "`ffmpeg` on PATH, else npm's",
    meaning: "the ffmpeg that makes the sample episodes, the community's AMV renditions and the rewards' animated seed cards (scripts/lib/ffmpeg.cjs)",
  },
  {
    name: 'FFPROBE_PATH',
    usedBy: 'tests',
    defaultText: "`ffprobe` on PATH, else npm's",
    meaning: 'the ffprobe the tests check the sample episodes with (scripts/lib/ffmpeg.cjs)',
  },
];

/** The table's order, by topic; a variable not named here comes last. */
const TABLE_ORDER = [
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_SECRET',
  'PORT',
  'HOST',
  'JWT_EXPIRES_IN',
  'REDIS_KEY_PREFIX',
  'PAGE_SHELL_DEADLINE_MS',
  'WEB_DIST_DIR',
  'SLOW_REQUEST_MS',
  'CHECK_ANSWERS',
  'LOG_LEVEL',
  'NODE_ENV',
  'HEALTH_PORT',
  'HEALTH_CHECK_TIMEOUT_MS',
  'MIGRATE_ON_BOOT',
  'CHECK_ROWS',
  'DB_POOL_SIZE',
  'RPC_TIMEOUT_MS',
  'PROGRESS_BATCH_WINDOW_MS',
  'PROGRESS_BATCH_MAX',
  'COMMENT_RATE_SECONDS',
  'COMMENT_DAILY_LIMIT',
  'QUIZ_SUCCESS_SHARE',
  'RANKINGS_MIN_VOTES',
  'RANKINGS_TITLES_CACHE_SECONDS',
  'REPORT_HOLD_THRESHOLD',
  'TRUST_PROXY',
  'METRICS_TOKEN',
  'RATE_LIMIT_GLOBAL_PER_MINUTE',
  'RATE_LIMIT_LOGIN_IP_PER_15MIN',
  'RATE_LIMIT_LOGIN_ACCOUNT_PER_15MIN',
  'RATE_LIMIT_REGISTER_IP_PER_HOUR',
  'ARGON2_MAX_CONCURRENCY',
  'CAPTCHA_TTL_SECONDS',
  'PROFILE_IMAGE_HOSTS',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_CHANNEL',
  'TELEGRAM_BOT_USERNAME',
  'TELEGRAM_API_URL',
  'TELEGRAM_WEBHOOK_URL',
  'TELEGRAM_WEBHOOK_SECRET',
  'TELEGRAM_SESSION_TTL_SECONDS',
  'TELEGRAM_POLL_TIMEOUT_SECONDS',
  'TELEGRAM_SEND_PER_SECOND',
  'TELEGRAM_CHAT_INTERVAL_MS',
  'VK_CLIENT_ID',
  'VK_REDIRECT_URL',
  'VK_ID_URL',
  'VK_STATE_TTL_SECONDS',
  'UPLOADS_DIR',
  'AVATAR_MAX_BYTES',
  'BANNER_MAX_BYTES',
  'MEDIA_DIR',
  'MEDIA_STORE',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'MEDIA_PUBLIC_BASE_URL',
  'MEDIA_URL_TTL_SECONDS',
  'AMV_UPLOAD_MAX_MB',
  'EPISODE_UPLOAD_MAX_MB',
  'EPISODE_UPLOAD_EXPIRY_HOURS',
  'EPISODE_TRACK_UPLOAD_MAX_MB',
  'AMV_TRANSCODE',
  'CARD_VIDEOS',
  'REWARDS_SPIN_COST',
  'REWARDS_EPISODES_PER_CARD',
  'REWARDS_EPISODES_DAILY_CAP',
  'POSTER_SOURCE_ORIGINS',
  'POSTER_FETCH_TIMEOUT_MS',
  'CATALOGUE_CACHE_TTL_SECONDS',
  'CATALOGUE_DATA_DIR',
  'CATALOGUE_IMPORT_ON_EMPTY',
  'CATALOGUE_RUSSIAN_TITLES',
  'SHIKIMORI_URL',
  'SHIKIMORI_USER_AGENT',
  'SHIKIMORI_RPS',
  'SHIKIMORI_RPM',
  'SHIKIMORI_TIMEOUT_MS',
  'METADATA_JOB_ATTEMPTS',
  'MEDIA_LINK_ON_BOOT',
  'EPISODE_TRANSCODE_PRESET',
  'VIDEO_PROVIDER',
  'VIDEO_PROVIDER_IFRAME_URL',
  'CSP_FRAME_HOSTS',
  'PRESENCE_HEARTBEAT_MS',
  'PRESENCE_TTL_SECONDS',
  'WATCH_PARTY_HOST_GRACE_MS',
  'WATCH_PARTY_ROOM_TTL_SECONDS',
  'CHAT_RATE_LIMIT_MESSAGES',
  'CHAT_RATE_LIMIT_SECONDS',
  'PORTAL_DATA_DIR',
  'FFMPEG_PATH',
  'FFPROBE_PATH',
];

const TABLE_START = '<!-- config:start -->';
const TABLE_END = '<!-- config:end -->';

/** The configuration table in markdown (docs/configuration.md), made from the apps' schemas and OTHER_SETTINGS. */
export function configurationTable(): string {
  const settings = [...schemaSettings(), ...OTHER_SETTINGS];
  const byName = new Map(settings.map((setting) => [setting.name, setting]));
  const unknown = TABLE_ORDER.filter((name) => !byName.has(name));
  if (unknown.length > 0) throw new Error(`TABLE_ORDER names variables nothing reads: ${unknown.join(', ')}`);
  const ordered = [...TABLE_ORDER.map((name) => byName.get(name) as Setting), ...settings.filter((setting) => !TABLE_ORDER.includes(setting.name))];
  return [
    '| variable | used by | default | meaning |',
    '|---|---|---|---|',
    ...ordered.map(({ name, usedBy, defaultText, meaning }) => `| \`${name}\` | ${usedBy} | ${defaultText} | ${meaning} |`),
  ].join('\n');
}

/** The page that shows the table, between its markers. */
export const CONFIGURATION_PAGE = 'docs/configuration.md';

const MARKERS: Markers = { page: CONFIGURATION_PAGE, begin: TABLE_START, end: TABLE_END };

/** The table between the page's markers, as written there. */
export function documentedConfigurationTable(page: string): string {
  return betweenMarkers(page, MARKERS).trim();
}

/** The page with the table between its markers replaced by `table`. */
export function withConfigurationTable(page: string, table: string = configurationTable()): string {
  return withBetweenMarkers(page, MARKERS, `\n\n${table}\n\n`);
}

function schemaSettings(): Setting[] {
  const readers = new Map<string, AppName[]>();
  for (const [app, schema] of Object.entries(APP_SCHEMAS) as [AppName, z.ZodObject][]) {
    for (const name of Object.keys(schema.shape)) readers.set(name, [...(readers.get(name) ?? []), app]);
  }
  return [...readers].map(([name, apps]) => {
    const fields = apps.map((app) => APP_SCHEMAS[app].shape[name] as z.ZodType);
    const meta = agreed(
      name,
      'metadata',
      fields.map((field) => z.globalRegistry.get(field)),
    );
    if (!meta?.description) throw new Error(`${name} has no description: give its schema field .meta({ description })`);
    return {
      name,
      usedBy: [appList(apps), meta.alsoUsedBy].filter(Boolean).join(', '),
      defaultText: meta.defaultText ?? agreed(name, 'default', fields.map(shownDefault)),
      meaning: meta.description,
    };
  });
}

/** A variable read by several apps must mean the same to each: one meta, one default. */
function agreed<T>(name: string, what: string, values: T[]): T {
  if (new Set(values.map((value) => JSON.stringify(value))).size > 1) {
    throw new Error(`${name}: the apps' schemas give it different ${what}; share one field, or give it a defaultText`);
  }
  return values[0];
}

function appList(apps: AppName[]): string {
  const all = Object.keys(APP_SCHEMAS);
  if (apps.length === all.length) return 'all';
  if (apps.length === all.length - 1 && !apps.includes('gateway')) return 'services';
  return apps.join(', ');
}

function shownDefault(field: z.ZodType): string {
  const value = defaultValue(field);
  if (value === '') return 'empty';
  if (value !== undefined) return `\`${shownValue(value)}\``;
  if (!field.safeParse(undefined).success) return 'required';
  // An optional variable that may be set empty (read as unset, e.g. in a shared ConfigMap) shows «empty»; one that may not, «—».
  return field.safeParse('').success ? 'empty' : '—';
}

/** A default as the table shows it: a list comma-separated, a scalar as it is written, anything else as JSON. */
function shownValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

function defaultValue(field: z.ZodType): unknown {
  if (field instanceof z.ZodPipe) return defaultValue(field.in as z.ZodType);
  if (field instanceof z.ZodDefault) return field.def.defaultValue;
  return undefined;
}
