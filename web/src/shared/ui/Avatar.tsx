import { useState } from 'react';
import { DEFAULT_AVATAR_URL, resolveAvatarUrl } from '../lib/asset-url';
import { useMediaQuery } from '../lib/useMediaQuery';
import { isVideoUrl } from '../lib/video-url';

export interface AvatarProps {
  src: string | null | undefined;
  /** Empty when a visible name sits beside the avatar (the image is then decorative). */
  alt: string;
  sizePx?: number;
}

/**
 * A user's avatar: an image, or a WebM clip playing muted and looped (still when the viewer asks for
 * reduced motion). A missing or broken file shows the default avatar.
 */
export function Avatar({ src, alt, sizePx = 36 }: AvatarProps) {
  const url = resolveAvatarUrl(src);
  // The address that failed, not a flag: a new `src` gets its own try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const shown = failedUrl === url ? DEFAULT_AVATAR_URL : url;
  const onError = () => setFailedUrl(url);

  if (isVideoUrl(shown)) {
    const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
    return (
      <video
        className="avatar"
        src={shown}
        width={sizePx}
        height={sizePx}
        muted
        loop
        autoPlay={!reducedMotion}
        playsInline
        preload="metadata"
        {...label}
        onError={onError}
      />
    );
  }
  return <img className="avatar" src={shown} alt={alt} width={sizePx} height={sizePx} loading="lazy" onError={onError} />;
}
