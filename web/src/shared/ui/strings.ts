export const UI_STRINGS = {
  close: 'Закрыть',
  loading: 'Загрузка...',
  defaultAvatarAlt: 'Аватар',
} as const;
