import type { z } from 'zod';
import type { userSanctionSchema } from '../community/notifications.answers';
import type { chatMuteSchema, ipBanSchema, nicknameResetSchema, sanctionNoticeSchema, userBanSchema } from './bans.answers';

/**
 * Bans and restrictions (docs/moderation.md, «Bans and restrictions»): warnings, read-only and full
 * bans, chat mutes, IP bans and nickname resets, all imposed by admins and owned by the moderation
 * service. Plain types and constants: the web client imports them too.
 */

/** `warning` is recorded and notified only; `read-only` refuses content-creating writes; `full` refuses every signed-in request. */
export const BAN_KINDS = ['warning', 'read-only', 'full'] as const;
export type BanKind = (typeof BAN_KINDS)[number];

export const BAN_KIND_LABELS: Record<BanKind, string> = {
  warning: 'Предупреждение',
  'read-only': 'Только чтение',
  full: 'Полная блокировка',
};

/** A ban without `until` lasts by the user's earlier bans (warnings not counted): 1 day, then 7 days, then for ever. */
export const BAN_ESCALATION_DAYS: readonly (number | null)[] = [1, 7, null];

export const BAN_REASON_MAX = 500;
export const CHAT_MUTE_MINUTES_MAX = 60 * 24 * 30;
export const IP_BANS_PAGE_SIZE = 50;

/** What a refused request carries in the envelope (`sanction`), so the web can say why and until when. */
export type SanctionNotice = z.output<typeof sanctionNoticeSchema>;

/** A ban as the moderation service stores and returns it. */
export type UserBan = z.output<typeof userBanSchema>;
export type ChatMute = z.output<typeof chatMuteSchema>;
export type IpBan = z.output<typeof ipBanSchema>;
export type NicknameReset = z.output<typeof nicknameResetSchema>;

/** Redis keys (under the shared key prefix) the moderation publishes and the gateway reads per request. */
export const sanctionKeys = {
  ban: (userId: string) => `ban:${userId}`,
  chatMute: (userId: string) => `chat-mute:${userId}`,
  ip: (ip: string) => `ip-ban:${ip}`,
};

/** The user-room of every namespace a fully banned user's sockets are kicked from. */
export const sanctionSocketRoom = (userId: string) => `user:${userId}`;

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' }).format(
    new Date(iso),
  );

/** «до 3 декабря 2026 г., 14:00» or «навсегда». */
export const untilPhrase = (until: string | null) => (until ? `до ${dateTime(until)} (МСК)` : 'навсегда');

export const BAN_MESSAGES = {
  kind: `Вид бана должен быть одним из: ${BAN_KINDS.join(', ')}`,
  reason: `Укажите причину (до ${BAN_REASON_MAX} символов)`,
  until: 'Срок должен быть датой в будущем',
  minutes: `Срок мута — целое число минут от 1 до ${CHAT_MUTE_MINUTES_MAX}`,
  ip: 'Некорректный IP-адрес',
  userId: 'Некорректный идентификатор пользователя',
  nul: 'Текст содержит недопустимые символы',
  notAdmins: 'Нельзя наказать администратора',
  notSelf: 'Нельзя наказать самого себя',
  userNotFound: 'Пользователь не найден',
  noActiveBan: 'У пользователя нет действующего бана',
  noActiveMute: 'У пользователя нет действующего мута в чате',
  ipNotBanned: 'Этот IP-адрес не заблокирован',
  banned: (notice: Pick<SanctionNotice, 'reason' | 'until'>) =>
    notice.until ? `Ваш аккаунт заблокирован до ${dateTime(notice.until)} (МСК): ${notice.reason}` : `Ваш аккаунт заблокирован навсегда: ${notice.reason}`,
  readOnly: (notice: Pick<SanctionNotice, 'reason' | 'until'>) =>
    `Ваш аккаунт в режиме только чтения ${untilPhrase(notice.until)}: ${notice.reason}. Писать комментарии, рецензии и сообщения нельзя`,
  chatMuted: (notice: Pick<SanctionNotice, 'reason' | 'until'>) => `Вы не можете писать в чат ${untilPhrase(notice.until)}: ${notice.reason}`,
  ipBanned: 'Вход и регистрация с вашего IP-адреса заблокированы',
} as const;

/** What the user is told (a notification): `lifted` and `unmuted` end a ban or a mute early. */
export type UserSanction = z.output<typeof userSanctionSchema>;
