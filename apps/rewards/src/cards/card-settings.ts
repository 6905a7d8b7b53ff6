export const CARDS_SETTINGS = Symbol('CARDS_SETTINGS');

export interface CardsSettings {
  /** Card files are in mediaDir/cards. */
  mediaDir: string;
  /** Make the animated WebM seed cards with ffmpeg at boot (CARD_VIDEOS). */
  videos: boolean;
}
