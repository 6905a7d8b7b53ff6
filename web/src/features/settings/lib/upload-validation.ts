import { isVideoUrl } from '../../../shared/lib/video-url';
import { SETTINGS_STRINGS } from '../strings';

export type MediaKind = 'avatar' | 'banner';

/** The gateway's defaults (AVATAR_MAX_BYTES, BANNER_MAX_BYTES): checked here first to spare a doomed upload. */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = { avatar: 2 * 1024 * 1024, banner: 5 * 1024 * 1024 };

export const MEDIA_LABELS: Record<MediaKind, string> = { avatar: SETTINGS_STRINGS.media.avatar, banner: 'Баннер' };

/** What the file picker offers; the server decides by the file's content anyway. */
export const MEDIA_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,video/webm,.png,.jpg,.jpeg,.webp,.gif,.webm';

const ALLOWED_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'video/webm']);
const ALLOWED_EXTENSIONS = /\.(png|jpe?g|webp|gif|webm)$/i;

/** "2 МБ", "1,5 МБ", "500 КБ" (as the server words its limits). */
export function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${mb.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('ru-RU')} КБ`;
}

export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/** The reason a picked file cannot be an avatar or banner, or null when it may be sent. */
export function mediaFileError(file: PickedFile, kind: MediaKind, maxBytes = MEDIA_MAX_BYTES[kind]): string | null {
  const label = MEDIA_LABELS[kind];
  // Some systems report no MIME type at all: the extension decides then.
  const typeKnown = file.type !== '' && file.type !== 'application/octet-stream';
  if (typeKnown ? !ALLOWED_TYPES.has(file.type) : !ALLOWED_EXTENSIONS.test(file.name)) return SETTINGS_STRINGS.validation.type(label);
  if (file.size === 0) return SETTINGS_STRINGS.validation.empty;
  if (file.size > maxBytes) return SETTINGS_STRINGS.validation.tooLarge(label, formatSize(maxBytes));
  return null;
}

/** A WebM plays as a muted looping video; anything else is an image (GIFs move by themselves). */
export const isVideoFile = (file: Pick<PickedFile, 'name' | 'type'>) => file.type === 'video/webm' || isVideoUrl(file.name);
