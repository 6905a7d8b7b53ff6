import { PLAYER_STRINGS } from '../../strings';

/** «a», «a и b», «a, b и c». */
const listOf = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} и ${items.at(-1)}`);

/** The TV player's own words; everything it shares with the page player comes from PLAYER_STRINGS. */
export const TV_PLAYER_STRINGS = {
  ...PLAYER_STRINGS,
  back: 'Назад',
  hint: 'ОК — пауза, ← → — 10 секунд, ↑ — качество, Назад — выйти',
  /** What ↑ opens when there are voice-overs or subtitles to choose: «↑ — качество, озвучка и субтитры». */
  hintWithRows: (rows: readonly string[]) => `ОК — пауза, ← → — 10 секунд, ↑ — ${listOf(rows)}, Назад — выйти`,
  rowNames: { quality: 'качество', audio: 'озвучка', subtitles: 'субтитры' },
  qualityRow: 'Качество видео',
  audioLabel: (label: string) => `Озвучка: ${label}`,
  subtitlesLabel: (label: string | null) => `Субтитры: ${label ?? 'выключены'}`,
  paused: 'Пауза',
  playing: 'Воспроизведение',
} as const;
