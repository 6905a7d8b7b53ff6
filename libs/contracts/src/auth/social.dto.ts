import type { z } from 'zod';
import type { authProvidersSchema, telegramSessionCheckSchema, telegramSessionSchema, VK_SIGN_IN_OUTCOMES, vkSignInStartSchema } from './auth.answers';
import type { NotificationKind } from '../community/notifications.dto';

/** The Telegram verification and VK ID sign-in, as the gateway and the web client see them. */

/** POST /api/telegram/create-session: the client opens `${botUrl}?start=check_${sessionToken}`. */
export type TelegramSession = z.output<typeof telegramSessionSchema>;

/** POST /api/telegram/check-session: `userId` is the verified Telegram user id. */
export type TelegramSessionCheck = z.output<typeof telegramSessionCheckSchema>;

/** Which sign-in providers this portal has configured (GET /api/auth/providers). */
export type AuthProviders = z.output<typeof authProvidersSchema>;

/** GET /api/auth/vk: where to send the browser, and the value its cookie binds the state to. */
export type VkSignInStart = z.output<typeof vkSignInStartSchema>;

/** What a finished VK ID sign-in did: created an account, signed into one, or linked VK to the signed-in one. */
export type VkSignInOutcome = (typeof VK_SIGN_IN_OUTCOMES)[number];

export const VK_MESSAGES = {
  off: 'Вход через ВКонтакте не настроен',
  stateInvalid: 'Ссылка входа устарела или уже использована. Начните вход заново',
  failed: 'ВКонтакте не подтвердил вход. Попробуйте ещё раз',
  alreadyLinked: 'Этот аккаунт ВКонтакте уже привязан к другому пользователю',
} as const;

export const TELEGRAM_MESSAGES = {
  off: 'Проверка подписки на Telegram не настроена',
  sessionFailed: 'Ошибка создания сессии',
  noticesNeedTelegram: 'Сначала подтвердите Telegram при регистрации',
} as const;

/** The deep-link start parameter: Telegram allows 1–64 of A-Z a-z 0-9 _ -. */
export const TELEGRAM_START_PREFIX = 'check_';
export const TELEGRAM_SESSION_TOKEN_PATTERN = /^[\w-]{20,58}$/;

/**
 * The notifications also sent to Telegram (to users who opted in): new episodes of what they watch,
 * releases of what they ordered and decisions on their reviews. Likes and replies stay in the bell.
 */
export const TELEGRAM_NOTICE_KINDS: readonly NotificationKind[] = ['episode.released', 'order.released', 'review.approved', 'review.rejected'];
