import { isVideoUrl } from '../../../shared/lib/video-url';

export interface ProfileMediaProps {
  src: string;
  alt: string;
  className?: string;
}

/** An avatar or banner: a WebM clip plays muted and looped without controls; an image otherwise (a GIF moves by itself). */
export function ProfileMedia({ src, alt, className }: ProfileMediaProps) {
  if (isVideoUrl(src)) return <video className={className} src={src} muted loop autoPlay playsInline aria-label={alt} />;
  return <img className={className} src={src} alt={alt} />;
}
