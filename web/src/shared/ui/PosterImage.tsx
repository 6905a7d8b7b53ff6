import { useState } from 'react';
import './poster-image.css';

export interface PosterImageProps {
  src: string;
  /** The generated poster, shown when `src` cannot be loaded (no broken image, ever). */
  fallbackSrc: string;
  alt: string;
  className?: string;
  /** Above-the-fold posters (the anime page) load eagerly; lists load lazily. */
  loading?: 'lazy' | 'eager';
  /** `high` for the poster most likely to be the page's largest paint (above the fold). */
  fetchPriority?: 'high' | 'low' | 'auto';
}

/** A 2:3 poster that swaps to its generated fallback when the real one fails to load. */
export function PosterImage({ src, fallbackSrc, alt, className, loading = 'lazy', fetchPriority }: PosterImageProps) {
  // Remembering which src failed (instead of a flag) resets the fallback when a new src arrives.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [fallbackFailed, setFallbackFailed] = useState(false);
  const usingFallback = failedSrc === src || !src;
  const current = usingFallback ? fallbackSrc : src;
  const classes = ['poster', fallbackFailed && usingFallback && 'poster--blank', className].filter(Boolean).join(' ');

  return (
    <span className={classes}>
      {fallbackFailed && usingFallback ? (
        <span className="poster__blank" role="img" aria-label={alt} />
      ) : (
        <img
          className="poster__img"
          src={current}
          alt={alt}
          width={200}
          height={300}
          loading={loading}
          fetchPriority={fetchPriority}
          decoding="async"
          onError={() => (usingFallback ? setFallbackFailed(true) : setFailedSrc(src))}
        />
      )}
    </span>
  );
}
