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
  TELEGRAM_API_URL: httpUrl.default('https://api.telegram.org').meta({ description: "the Bot API's address (a local Bot API server, or a fake in tests)" }),
  TELEGRAM_BOT_TOKEN: optionalText
    .pipe(
      z
        .string()
        .regex(/^\d+:[\w-]+$/, 'must look like 123456:ABC-def')
        .optional(),
    )
    .meta({
      description:
        "the bot's token from @BotFather; with `TELEGRAM_CHANNEL` it turns on the channel check at registration and the notices ([docs/telegram-and-vk.md](docs/telegram-and-vk.md)); empty: off, registration as without it",
    }),
  TELEGRAM_CHANNEL: optionalText
    .pipe(
      z
        .string()
        .regex(/^(@\w{4,}|-?\d+)$/, 'must be @username or a numeric id')
        .optional(),
    )
    .meta({
      description: 'the channel to subscribe to: `@username` or its numeric id (`-100…`; the bot must be an admin of it to see members)',
    }),
  TELEGRAM_BOT_USERNAME: optionalText
    .pipe(
      z
        .string()
        .regex(/^\w{4,}$/, 'letters, digits and _ only, without @')
        .optional(),
    )
    .meta({
      description: "the bot's username without `@`, for the `https://t.me/<bot>?start=check_…` link",
      defaultText: 'from getMe',
    }),
  TELEGRAM_WEBHOOK_URL: optionalHttpUrl.meta({
    description: 'set: Telegram pushes updates to this https address (`…/api/telegram/webhook`); empty: one replica long-polls getUpdates',
  }),
  TELEGRAM_WEBHOOK_SECRET: optionalText
    .pipe(
      z
        .string()
        .regex(/^[\w-]{16,256}$/, '16–256 of A-Z a-z 0-9 _ -')
        .optional(),
    )
    .meta({
      description: 'required with the webhook: 16–256 of `A-Za-z0-9_-`, checked against `X-Telegram-Bot-Api-Secret-Token`',
    }),
  TELEGRAM_SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(900).meta({
    description: 'lifetime of a verification session (create → verify → register)',
  }),
  TELEGRAM_POLL_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(50).default(25).meta({ description: 'getUpdates long-poll timeout' }),
  TELEGRAM_SEND_PER_SECOND: z.coerce.number().int().positive().default(30).meta({ description: "notices per second for the whole bot (Telegram's limit)" }),
  TELEGRAM_CHAT_INTERVAL_MS: z.coerce.number().int().positive().default(1000).meta({
    description: "least gap between two notices to one chat (Telegram's 1 per second)",
  }),
});

/** VK ID sign-in (OAuth 2.1 with PKCE). Without a client id the button is hidden. */
export const vkIdEnvSchema = z.object({
  VK_CLIENT_ID: optionalText.pipe(z.string().regex(/^\d+$/, 'digits only').optional()).meta({
    description: "the VK ID app's id; with `VK_REDIRECT_URL` it turns on «Войти через ВКонтакте»; empty: the button is hidden",
  }),
  VK_ID_URL: httpUrl.default('https://id.vk.com').meta({ description: "VK ID's address (a fake in tests)" }),
  VK_REDIRECT_URL: optionalHttpUrl.meta({ description: 'the address registered in the VK ID app: `https://<portal>/auth/vk/callback`' }),
  VK_STATE_TTL_SECONDS: z.coerce.number().int().positive().default(600).meta({
    description: 'how long a started VK sign-in (state and PKCE verifier) may take',
  }),
});

/** Cross-field rules: a webhook needs its secret; VK needs its return address. */
export const integrationsEnvRefinement = (
  env: { TELEGRAM_WEBHOOK_URL?: string; TELEGRAM_WEBHOOK_SECRET?: string; VK_CLIENT_ID?: string; VK_REDIRECT_URL?: string },
  context: z.RefinementCtx,
) => {
  if (env.TELEGRAM_WEBHOOK_URL && !env.TELEGRAM_WEBHOOK_SECRET) {
    context.addIssue({ code: 'custom', path: ['TELEGRAM_WEBHOOK_SECRET'], message: 'required with TELEGRAM_WEBHOOK_URL' });
  }
  if (env.VK_CLIENT_ID && !env.VK_REDIRECT_URL) {
    context.addIssue({ code: 'custom', path: ['VK_REDIRECT_URL'], message: 'required with VK_CLIENT_ID' });
  }
};

export type TelegramEnv = z.infer<typeof telegramEnvSchema>;
export type VkIdEnv = z.infer<typeof vkIdEnvSchema>;
