import { resolveAvatarUrl } from '../lib/asset-url';

export interface AvatarProps {
  src: string | null | undefined;
  /** Empty when a visible name sits beside the avatar (the image is then decorative). */
  alt: string;
  sizePx?: number;
}

export function Avatar({ src, alt, sizePx = 36 }: AvatarProps) {
  return <img className="avatar" src={resolveAvatarUrl(src)} alt={alt} width={sizePx} height={sizePx} loading="lazy" />;
}
