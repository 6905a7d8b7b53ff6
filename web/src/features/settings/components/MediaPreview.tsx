export interface MediaPreviewProps {
  src: string;
  /** A WebM clip: a muted looping video; otherwise an image (a GIF moves by itself). */
  video: boolean;
  alt: string;
  className?: string;
}

/** An avatar or banner as it will be shown: animated ones move, muted, looping, without controls. */
export function MediaPreview({ src, video, alt, className }: MediaPreviewProps) {
  if (video) {
    return <video className={className} src={src} muted loop autoPlay playsInline aria-label={alt} />;
  }
  return <img className={className} src={src} alt={alt} />;
}
