export interface ProfileMediaProps {
  src: string;
  /** A WebM clip plays as a muted looping video; an image (a GIF moves by itself) otherwise. */
  video: boolean;
  alt: string;
  className?: string;
}

export const isWebmName = (name: string | null | undefined) => Boolean(name && /\.webm$/i.test(name.split('?')[0] ?? ''));

/** An avatar or banner, animated ones moving (muted, looping, no controls). */
export function ProfileMedia({ src, video, alt, className }: ProfileMediaProps) {
  if (video) return <video className={className} src={src} muted loop autoPlay playsInline aria-label={alt} />;
  return <img className={className} src={src} alt={alt} />;
}
