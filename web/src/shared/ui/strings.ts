export const UI_STRINGS = {
  close: 'Закрыть',
  cancel: 'Отмена',
  loading: 'Загрузка...',
  defaultAvatarAlt: 'Аватар',
} as const;
