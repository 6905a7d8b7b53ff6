import type { SelfUser } from '@portal/contracts';
import type { FileStorage } from '../uploads/file-storage';

/** The profile fields naming an uploaded image, and the folder under UPLOADS_DIR their uploads are stored in. */
export const PROFILE_MEDIA_FOLDERS = { avatar: 'avatars', profileBanner: 'bg' } as const;
/** Those fields: setting one may leave the previous upload to delete. */
export const PROFILE_MEDIA_FIELDS = Object.keys(PROFILE_MEDIA_FOLDERS) as readonly (keyof typeof PROFILE_MEDIA_FOLDERS)[];

/**
 * The stored file name of a user's upload, exactly: their id first, so only their own earlier uploads are ever deleted,
 * and whatever else a profile was pointed at (someone else's file, an address, "..") never becomes a storage key.
 */
const ownUpload = (userId: string, value: string | null) =>
  value !== null && new RegExp(`^${userId}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(png|jpg|gif|webp|webm)$`).test(value);

/** The profile fields others see: changing them is writing content, refused to a read-only account. */
export const PUBLIC_PROFILE_FIELDS = ['displayName', 'avatar', 'profileBanner', 'isAnimatedAvatar', 'isAnimatedBanner'] as const;

/** Whether a profile update body sets any of the fields (present as its own key, whatever the value). */
export const setsAnyOf = (body: unknown, fields: readonly string[]): boolean =>
  typeof body === 'object' && body !== null && fields.some((field) => Object.hasOwn(body, field));

/** After a profile update succeeded: deletes the user's previous own upload of each image the update changed. */
export async function removeReplacedProfileMedia(storage: FileStorage, before: SelfUser, after: SelfUser): Promise<void> {
  for (const field of PROFILE_MEDIA_FIELDS) {
    const previous = before[field];
    if (previous !== after[field] && ownUpload(before.id, previous)) await storage.remove(`${PROFILE_MEDIA_FOLDERS[field]}/${previous}`).catch(() => undefined);
  }
}
