import { useState } from 'react';
import '../catalogue-people.css';

export interface CharacterPagePortraitProps {
  /** Character or seiyuu image; often missing in the catalogue's sparse data. */
  src: string | null;
  /** The person's name: the placeholder shows its first letter. */
  name: string;
  /** Empty when the name is written next to the portrait (the image is then decorative). */
  alt: string;
  size?: 'small' | 'medium' | 'large';
  loading?: 'lazy' | 'eager';
}

/** A 3:4 portrait of a character or a seiyuu; a lettered placeholder when there is no image or it fails. */
export function CharacterPagePortrait({ src, name, alt, size = 'medium', loading = 'lazy' }: CharacterPagePortraitProps) {
  // Remembers which src failed, so a new src (another person on the same mounted page) is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const letter = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span className={`portrait portrait--${size}`}>
      {showImage ? (
        <img className="portrait__img" src={src ?? undefined} alt={alt} loading={loading} decoding="async" onError={() => setFailedSrc(src)} />
      ) : (
        <span className="portrait__placeholder" role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
          {letter}
        </span>
      )}
    </span>
  );
}
