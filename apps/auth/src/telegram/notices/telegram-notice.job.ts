/** A notice for one Telegram chat (the user's private chat with the bot: its id is their Telegram user id). */
export interface TelegramNoticeJob {
  chatId: string;
  text: string;
}

export const noticeJobId = (eventId: string) => `notice-${eventId}`;
