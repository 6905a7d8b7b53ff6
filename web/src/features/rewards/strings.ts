export const REWARD_STRINGS = {
  title: 'Вы получили карточку!',
  text: 'Поздравляем! Вам выпала уникальная карточка.',
  claim: 'Забрать?',
  imageAlt: 'Полученная карточка',
  videoLabel: 'Анимированная карточка',
} as const;
