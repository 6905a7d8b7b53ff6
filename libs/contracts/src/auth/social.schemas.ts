import { z } from 'zod';
import { TELEGRAM_SESSION_TOKEN_PATTERN } from './social.dto';

export const telegramSessionTokenSchema = z.string().regex(TELEGRAM_SESSION_TOKEN_PATTERN, 'Некорректная сессия Telegram');

export const telegramCheckSessionSchema = z.object({ sessionToken: telegramSessionTokenSchema });

/** A Bot API Update as Telegram posts it to the webhook; the auth service reads what it needs. */
export const telegramUpdateSchema = z.looseObject({ update_id: z.number().int() });

/** A webhook call: the secret header as received (checked by the auth service) and the Update object. */
export const telegramWebhookRequestSchema = z.object({
  secretToken: z.string().max(256).nullable(),
  update: telegramUpdateSchema,
});

export const telegramNoticesSchema = z.object({ enabled: z.boolean({ error: 'Поле enabled должно быть true или false' }) });

/** The VK ID redirect's query, as the /auth/vk/callback screen posts it back; the binding comes from the cookie. */
export const vkCallbackBodySchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
  deviceId: z.string().min(1).max(512),
});

export const vkCallbackRequestSchema = vkCallbackBodySchema.extend({ browserBinding: z.string().max(256).nullable() });

export type TelegramCheckSessionRequest = z.output<typeof telegramCheckSessionSchema>;
export type TelegramWebhookRequest = z.output<typeof telegramWebhookRequestSchema>;
export type TelegramNoticesRequest = z.output<typeof telegramNoticesSchema>;
export type VkCallbackRequest = z.output<typeof vkCallbackRequestSchema>;
