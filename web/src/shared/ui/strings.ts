export const UI_STRINGS = {
  close: 'Закрыть',
  cancel: 'Отмена',
  retry: 'Повторить',
  loading: 'Загрузка...',
  showMore: 'Показать ещё',
  toCatalog: 'В каталог',
  defaultAvatarAlt: 'Аватар',
} as const;
