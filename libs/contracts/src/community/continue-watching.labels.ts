/** "12:34", or "1:02:03" past an hour; negative and unknown times read as "0:00". */
export function formatPlaybackTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** The «Продолжить просмотр» row's words, for the web client's row and the gateway's home page shell alike. */
export const CONTINUE_WATCHING_LABELS = {
  title: 'Продолжить просмотр',
  episode: (episode: number) => `Серия ${episode}`,
  position: (position: number, duration: number | null) =>
    duration ? `${formatPlaybackTime(position)} из ${formatPlaybackTime(duration)}` : formatPlaybackTime(position),
  link: (title: string, episode: number, position: number) => `Продолжить «${title}», серия ${episode} с ${formatPlaybackTime(position)}`,
};

/** How far into the episode a saved point is, in whole percent (null when the duration is unknown). */
export const watchedPercent = (position: number, duration: number | null): number | null =>
  duration ? Math.min(100, Math.round((position / duration) * 100)) : null;
