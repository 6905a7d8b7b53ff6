export const ONLINE_STRINGS = {
  title: 'Сейчас на сайте',
  description: 'Сколько пользователей, гостей и ботов на портале прямо сейчас.',
  users: 'Пользователи',
  guests: 'Гости',
  bots: 'Боты',
  loading: 'Получаем статистику...',
  listTitle: 'Пользователи онлайн',
  empty: 'Нет пользователей онлайн',
  showMore: 'Показать ещё',
  loadingMore: 'Загружаем ещё...',
  loadMoreFailed: 'Не удалось загрузить список. Попробуйте ещё раз.',
  userLink: (username: string) => `Профиль пользователя ${username}`,
} as const;
