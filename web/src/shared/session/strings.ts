import { untilPhrase } from '@portal/contracts';

/** The banned screen (docs/moderation.md, «Bans»). */
export const SESSION_STRINGS = {
  bannedTitle: 'Аккаунт заблокирован',
  bannedUntil: (until: string | null) => (until ? `Блокировка действует ${untilPhrase(until)}.` : 'Блокировка бессрочная.'),
  bannedReason: (reason: string) => `Причина: ${reason}`,
  bannedHint: 'Пока блокировка действует, войти и пользоваться функциями для зарегистрированных нельзя. Если вы считаете её ошибкой, напишите администрации.',
  signOut: 'Выйти из аккаунта',
} as const;
