import { env } from '../config/env';

const isAbsolute = (value: string) => /^https?:\/\//i.test(value);
const assetsBase = () => env.VITE_ASSETS_BASE_URL.replace(/\/+$/, '');
const apiBase = () => env.VITE_API_BASE_URL.replace(/\/+$/, '');

export const DEFAULT_AVATAR_URL = '/default-avatar.svg';
export const DEFAULT_BANNER_URL = '/default-banner.svg';

/** SPEC.md section 3, "Image address resolution". */
export function resolveAvatarUrl(avatar: string | null | undefined): string {
  if (!avatar) return DEFAULT_AVATAR_URL;
  return isAbsolute(avatar) ? avatar : `${assetsBase()}/avatars/${encodeURIComponent(avatar)}`;
}

export function resolveBannerUrl(banner: string | null | undefined): string {
  if (!banner) return DEFAULT_BANNER_URL;
  return isAbsolute(banner) ? banner : `${assetsBase()}/bg/${encodeURIComponent(banner)}`;
}

/** Card files (images and WebM clips) come from the API base under /cards (SPEC section 3, docs/rewards.md). */
export function resolveCardUrl(file: string | null | undefined): string {
  if (!file) return '';
  if (isAbsolute(file)) return file;
  return `${apiBase()}/cards/${encodeURIComponent(file)}`;
}
