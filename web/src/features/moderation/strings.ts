import { BAN_KIND_LABELS, BAN_MESSAGES, REPORT_REASON_LABELS, REPORT_TARGET_LABELS, STATS_METRIC_LABELS, type BanKind, type ReportSort, type ReportStatus } from '@portal/contracts';

/** The moderation queue's words (docs/moderation.md). */
export const MODERATION_STRINGS = {
  title: 'Жалобы',
  titleCount: (total: number) => `Жалобы (${total})`,
  statusLabel: 'Показать',
  statuses: { open: 'Открытые', resolved: 'Решённые', rejected: 'Отклонённые' } satisfies Record<ReportStatus, string>,
  sortLabel: 'Порядок',
  sorts: { newest: 'Сначала новые', most: 'Больше всего жалоб' } satisfies Record<ReportSort, string>,
  loading: 'Загрузка жалоб...',
  errorTitle: 'Не удалось загрузить жалобы',
  retry: 'Повторить',
  empty: { open: 'Открытых жалоб нет — всё спокойно.', resolved: 'Решённых жалоб пока нет.', rejected: 'Отклонённых жалоб пока нет.' } satisfies Record<ReportStatus, string>,
  targets: REPORT_TARGET_LABELS,
  reasons: REPORT_REASON_LABELS,
  item: (target: string, author: string) => `${target}: ${author}`,
  noAuthor: 'без автора',
  count: (count: number) => `Жалоб: ${count}`,
  held: 'Скрыто до проверки',
  open: 'Открыть',
  emptyExcerpt: '(без текста)',
  reportsLabel: 'Последние жалобы',
  deleteAndResolve: 'Удалить и закрыть',
  resolve: 'Нарушение есть',
  reject: 'Отклонить',
  deciding: 'Сохранение...',
  decided: { resolve: 'Нарушение подтверждено', reject: 'Жалоба отклонена' },
  contentDeleted: 'содержимое удалено',
  pages: 'Страницы жалоб',
  previous: 'Назад',
  next: 'Дальше',
  pageOf: (page: number, pages: number) => `${page} из ${pages}`,
} as const;

/** The admin page's «Пользователи» (docs/moderation.md, «Users»). */
export const USERS_ADMIN_STRINGS = {
  title: 'Пользователи',
  titleCount: (total: number) => `Пользователи (${total})`,
  searchLabel: 'Поиск по никнейму или email',
  searchPlaceholder: 'Начало никнейма или email',
  loading: 'Загрузка пользователей...',
  errorTitle: 'Не удалось загрузить пользователей',
  retry: 'Повторить',
  empty: 'Пользователей пока нет.',
  notFound: (search: string) => `Никого не нашлось по запросу «${search}».`,
  columns: { user: 'Пользователь', email: 'Email', role: 'Роль', rank: 'Ранг', createdAt: 'Регистрация', restrictions: 'Ограничения', actions: 'Действия' },
  roles: { admin: 'Администратор', moderator: 'Модератор', user: 'Пользователь' },
  you: '(это вы)',
  noRestrictions: 'нет',
  banKinds: { full: 'Заблокирован', 'read-only': 'Только чтение' },
  chatMuted: 'Чат закрыт',
  until: (when: string) => `до ${when}`,
  forever: 'навсегда',
  profile: (username: string) => `Профиль ${username}`,
  grant: 'Сделать админом',
  ban: 'Забанить',
  revoke: 'Снять админа',
  grantTitle: 'Сделать администратором?',
  revokeTitle: 'Снять права администратора?',
  grantText: (username: string) => `${username} получит доступ к админ-панели: жалобам, модерации и статистике.`,
  revokeText: (username: string) => `${username} потеряет доступ к админ-панели.`,
  saving: 'Сохранение...',
  nextPageError: 'Не удалось загрузить следующую страницу',
} as const;

/** The statistics page, /admin/reports (docs/moderation.md, «Statistics»). */
export const STATS_STRINGS = {
  title: 'Статистика сайта',
  intro: 'Данные по дням (московское время); очереди задач — как сейчас.',
  rangeLabel: 'Период',
  range: (days: number) => `${days} дней`,
  loading: 'Загрузка статистики...',
  errorTitle: 'Не удалось загрузить статистику',
  retry: 'Повторить',
  empty: 'За этот период на сайте ничего не происходило.',
  metrics: STATS_METRIC_LABELS,
  totals: 'Итого за период',
  charts: { people: 'Люди', content: 'Активность', reports: 'Жалобы' },
  chartLoading: 'Загрузка графиков...',
  queues: 'Очереди задач',
  queueColumns: { name: 'Очередь', waiting: 'Ждут', active: 'В работе', delayed: 'Отложены', failed: 'С ошибкой' },
  backToAdmin: '← Админ-панель',
} as const;

/** The ban dialog's terms: the server's escalation (1 day, 7 days, then for ever) or a fixed one. */
export const BAN_DURATIONS = ['auto', '1h', '1d', '7d', '30d'] as const;
export type BanDuration = (typeof BAN_DURATIONS)[number];

/** The ban dialog (docs/moderation.md, «Bans and restrictions»). */
export const BAN_STRINGS = {
  open: 'Забанить автора',
  title: (username: string) => `Наказать ${username}?`,
  description: 'Пользователь увидит причину и срок. Предупреждение ничего не ограничивает.',
  kindLabel: 'Мера',
  kinds: BAN_KIND_LABELS,
  kindHints: {
    warning: 'только уведомление',
    'read-only': 'читает, но не пишет',
    full: 'не может войти на сайт',
  } satisfies Record<BanKind, string>,
  durationLabel: 'Срок',
  durations: {
    auto: 'По нарастающей: 1 день, 7 дней, навсегда',
    '1h': '1 час',
    '1d': '1 день',
    '7d': '7 дней',
    '30d': '30 дней',
  } satisfies Record<BanDuration, string>,
  reasonLabel: 'Причина',
  reasonPlaceholder: 'Её прочитает пользователь',
  reasonRequired: BAN_MESSAGES.reason,
  deleteContent: 'Удалить то, на что пожаловались',
  submit: 'Наказать',
  pending: 'Сохранение...',
} as const;
