import { useEffect, useState } from 'react';
import { PLAYER_STRINGS } from '../strings';

const S = PLAYER_STRINGS;

/** Seconds between the end of an episode and the automatic start of the next one. */
export const AUTOPLAY_NEXT_SECONDS = 5;

export interface NextEpisodePromptProps {
  next: number;
  /** The episode has ended: count down and go on by itself. */
  counting: boolean;
  onNext(): void;
  onCancel(): void;
}

/** "Дальше — серия N" near the end; after the end a countdown, then the next episode. */
export function NextEpisodePrompt({ next, counting, onNext, onCancel }: NextEpisodePromptProps) {
  const [left, setLeft] = useState(AUTOPLAY_NEXT_SECONDS);
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  useEffect(() => {
    if (counting && left === 0) onNext();
  }, [counting, left, onNext]);
  return (
    <section className="player__next" aria-label={S.nextPrompt(next)}>
      <p className="player__next-title">{S.nextPrompt(next)}</p>
      {counting ? (
        <p className="player__next-countdown" role="status">
          {S.nextCountdown(left)}
        </p>
      ) : null}
      <div className="player__next-actions">
        <button type="button" className="btn btn--primary btn--small" onClick={onNext}>
          {S.nextNow}
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={onCancel}>
          {S.nextCancel}
        </button>
      </div>
    </section>
  );
}
