/** What the bot answers in the chat (Russian, like every user-facing text). */
export const TELEGRAM_BOT_STRINGS = {
  verified: 'Подписка подтверждена! Вернитесь на сайт, чтобы завершить регистрацию.',
  notSubscribed: 'Вы ещё не подписаны на канал. Подпишитесь и откройте ссылку с сайта ещё раз.',
  sessionUnknown: 'Ссылка устарела. Вернитесь на сайт и нажмите «Проверить подписку» ещё раз.',
} as const;
