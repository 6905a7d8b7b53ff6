export const UI_STRINGS = {
  close: 'Закрыть',
  cancel: 'Отмена',
  retry: 'Повторить',
  loading: 'Загрузка...',
  defaultAvatarAlt: 'Аватар',
} as const;
