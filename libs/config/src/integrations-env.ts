import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const httpUrl = z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL');
const optionalHttpUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(httpUrl.optional())
  .optional();

/**
 * The Telegram bot of the registration check and the notices (docs/telegram-and-vk.md). Without a
 * token and a channel the check is off and registration does not ask for it.
 */
export const telegramEnvSchema = z.object({
  TELEGRAM_API_URL: httpUrl.default('https://api.telegram.org'),
  TELEGRAM_BOT_TOKEN: optionalText.pipe(z.string().regex(/^\d+:[\w-]+$/, 'must look like 123456:ABC-def').optional()),
  /** The channel to subscribe to: `@username` or its numeric id (-100…). */
  TELEGRAM_CHANNEL: optionalText.pipe(z.string().regex(/^(@\w{4,}|-?\d+)$/, 'must be @username or a numeric id').optional()),
  /** The bot's username without @, for the `https://t.me/<bot>?start=…` deep link. */
  TELEGRAM_BOT_USERNAME: optionalText.pipe(z.string().regex(/^\w{4,}$/, 'letters, digits and _ only, without @').optional()),
  /** Set: Telegram pushes updates to this https address (`/api/telegram/webhook`); unset: one replica long-polls. */
  TELEGRAM_WEBHOOK_URL: optionalHttpUrl,
  /** Checked against the X-Telegram-Bot-Api-Secret-Token header of every webhook call; required with the URL. */
  TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(z.string().regex(/^[\w-]{16,256}$/, '16–256 of A-Z a-z 0-9 _ -').optional()),
  /** How long a verification session lives (the client polls 60 s; registration follows). */
  TELEGRAM_SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  /** getUpdates long-poll timeout. */
  TELEGRAM_POLL_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(50).default(25),
  /** Notices: messages per second for the whole bot, and the gap between two to one chat. */
  TELEGRAM_SEND_PER_SECOND: z.coerce.number().int().positive().default(30),
  TELEGRAM_CHAT_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
});

/** VK ID sign-in (OAuth 2.1 with PKCE). Without a client id the button is hidden. */
export const vkIdEnvSchema = z.object({
  VK_CLIENT_ID: optionalText.pipe(z.string().regex(/^\d+$/, 'digits only').optional()),
  VK_ID_URL: httpUrl.default('https://id.vk.com'),
  /** The web screen VK ID returns to, registered in the VK app: `https://<portal>/auth/vk/callback`. */
  VK_REDIRECT_URL: optionalHttpUrl,
  /** How long a started sign-in (state and PKCE verifier) may take. */
  VK_STATE_TTL_SECONDS: z.coerce.number().int().positive().default(600),
});

/** Cross-field rules: a webhook needs its secret; VK needs its return address. */
export const integrationsEnvRefinement = (env: { TELEGRAM_WEBHOOK_URL?: string; TELEGRAM_WEBHOOK_SECRET?: string; VK_CLIENT_ID?: string; VK_REDIRECT_URL?: string }, context: z.RefinementCtx) => {
  if (env.TELEGRAM_WEBHOOK_URL && !env.TELEGRAM_WEBHOOK_SECRET) {
    context.addIssue({ code: 'custom', path: ['TELEGRAM_WEBHOOK_SECRET'], message: 'required with TELEGRAM_WEBHOOK_URL' });
  }
  if (env.VK_CLIENT_ID && !env.VK_REDIRECT_URL) {
    context.addIssue({ code: 'custom', path: ['VK_REDIRECT_URL'], message: 'required with VK_CLIENT_ID' });
  }
};

export type TelegramEnv = z.infer<typeof telegramEnvSchema>;
export type VkIdEnv = z.infer<typeof vkIdEnvSchema>;
