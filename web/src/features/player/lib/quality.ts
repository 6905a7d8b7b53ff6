import type { QualityLevel } from '../../../shared/video/use-hls-source';

/** "1080p"; a rendition without a height is named by its bitrate ("800 кбит/с"). */
export function levelLabel(level: Pick<QualityLevel, 'height' | 'bitrate'>): string {
  if (level.height) return `${level.height}p`;
  return `${Math.max(1, Math.round(level.bitrate / 1000))} кбит/с`;
}

export const AUTO_LEVEL = -1;

/**
 * The quality button's text: the chosen rendition, or "Авто" with the one auto selection plays now
 * ("Авто (720p)").
 */
export function currentQualityLabel(levels: readonly QualityLevel[], currentLevel: number, playingLevel: number, autoLabel: string): string {
  if (currentLevel !== AUTO_LEVEL) {
    const chosen = levels.find((level) => level.index === currentLevel);
    return chosen ? levelLabel(chosen) : autoLabel;
  }
  const playing = levels.find((level) => level.index === playingLevel);
  return playing ? `${autoLabel} (${levelLabel(playing)})` : autoLabel;
}
