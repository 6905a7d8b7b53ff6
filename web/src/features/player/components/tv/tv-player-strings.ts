import { PLAYER_STRINGS } from '../../strings';

/** The TV player's own words; everything it shares with the page player comes from PLAYER_STRINGS. */
export const TV_PLAYER_STRINGS = {
  ...PLAYER_STRINGS,
  back: 'Назад',
  hint: 'ОК — пауза, ← → — 10 секунд, ↑ — качество, Назад — выйти',
  qualityRow: 'Качество видео',
  paused: 'Пауза',
  playing: 'Воспроизведение',
} as const;
