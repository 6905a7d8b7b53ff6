import { REPORT_MESSAGES, REPORT_REASON_LABELS, REPORT_TEXT_MAX } from '@portal/contracts';

/** The report dialog's words (docs/moderation.md); the reasons' labels are the contracts' own. */
export const REPORT_STRINGS = {
  action: 'Пожаловаться',
  actionLabel: (what: string) => `Пожаловаться на ${what}`,
  title: 'Пожаловаться',
  description: (what: string) => `Что не так с этим: ${what}? Модераторы рассмотрят жалобу и сообщат о решении в уведомлениях.`,
  reasonsLegend: 'Причина',
  reasons: REPORT_REASON_LABELS,
  textLabel: 'Подробности',
  textLabelRequired: 'Подробности (обязательно)',
  textPlaceholder: 'Что именно нарушает правила?',
  textRequired: REPORT_MESSAGES.textRequired,
  textTooLong: REPORT_MESSAGES.text,
  chooseReason: 'Выберите причину',
  submit: 'Отправить жалобу',
  sending: 'Отправка...',
  sentTitle: 'Жалоба отправлена',
  sent: REPORT_MESSAGES.created,
  duplicateTitle: 'Жалоба уже есть',
  close: 'Готово',
  textMax: REPORT_TEXT_MAX,
  /** Accusative: «Пожаловаться на комментарий». */
  targets: {
    comment: 'комментарий',
    review: 'рецензию',
    chat_message: 'сообщение',
    amv: 'AMV',
    quiz: 'викторину',
    user: 'пользователя',
  },
  held: REPORT_MESSAGES.held,
} as const;
