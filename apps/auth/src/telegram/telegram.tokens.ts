/** The Bot API client; provided only when the bot is configured. */
export const TELEGRAM_BOT_API = Symbol('TELEGRAM_BOT_API');
