/** Every text of the notification bell (Russian, SPEC.md section 2). */
export const NOTIFICATIONS_STRINGS = {
  bellLabel: (unread: number) => (unread > 0 ? `Уведомления, непрочитанных: ${unread}` : 'Уведомления'),
  title: 'Уведомления',
  readAll: 'Прочитать все',
  loadMore: 'Показать ещё',
  loading: 'Загрузка уведомлений...',
  empty: 'Уведомлений пока нет',
  loadError: 'Не удалось загрузить уведомления',
  moreError: 'Не удалось загрузить ещё',
  readError: 'Не удалось отметить уведомления прочитанными',
  retry: 'Повторить',
  unreadMark: 'Не прочитано',
} as const;
