/** The player's control glyphs, drawn inline (no icon font, no emoji). */
const PATHS = {
  play: 'M7 4.5v15l13-7.5z',
  pause: 'M7 4h4v16H7zM14 4h4v16h-4z',
  volume: 'M4 9h4l5-4v14l-5-4H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12',
  muted: 'M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6',
  fullscreen: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  exitFullscreen: 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  next: 'M5 4.5v15l11-7.5zM18 4v16',
  /** A speech bubble with lines: the voice-over and subtitles menu. */
  tracks: 'M4 5h16v11H10l-4 3.5V16H4zM8 9.5h8M8 12.5h5',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01',
} as const;

export type PlayerIconName = keyof typeof PATHS;

export function PlayerIcon({ name }: { name: PlayerIconName }) {
  const filled = name === 'play' || name === 'pause';
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={filled ? 0 : 1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
