import { resolveCardUrl } from '../../../shared/lib/asset-url';
import { useMediaQuery } from '../../../shared/lib/useMediaQuery';
import { isVideoUrl } from '../../../shared/lib/video-url';

export interface CardMediaProps {
  file: string;
  /** What the card shows (its title); the media is decorative when the title is written beside it. */
  label: string;
  className?: string;
  decorative?: boolean;
  /** A clip shows its first frame without playing (the roulette's reel). */
  still?: boolean;
}

/**
 * A card's picture: an image, or a WebM clip looping muted (SPEC); a viewer who asks for reduced motion
 * gets the clip's first frame, still.
 */
export function CardMedia({ file, label, className = 'reward-media', decorative = false, still = false }: CardMediaProps) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)') || still;
  const url = resolveCardUrl(file);
  if (isVideoUrl(file)) {
    const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label };
    return (
      <video
        className={className}
        src={url}
        loop
        muted
        playsInline
        autoPlay={!reducedMotion}
        preload={reducedMotion ? 'metadata' : 'auto'}
        data-still={reducedMotion || undefined}
        {...a11y}
      />
    );
  }
  return <img className={className} src={url} alt={decorative ? '' : label} loading="lazy" />;
}
