import { NEWS_COVER_WIDTHS, NEWS_MESSAGES, type NewsCoverUpload, toNewsCover } from '@portal/contracts';
import type { FileStorage } from '../uploads/file-storage';
import { storeResizedImage } from '../uploads/resized-image';

/** A news cover: stored as WebP at each of NEWS_COVER_WIDTHS (`news/<id>-<width>.webp`). */
export async function storeNewsCover(storage: FileStorage, content: Buffer): Promise<NewsCoverUpload> {
  const { id, widths } = await storeResizedImage(storage, content, {
    folder: 'news',
    widths: NEWS_COVER_WIDTHS,
    messages: { type: NEWS_MESSAGES.coverType, broken: NEWS_MESSAGES.coverBroken },
  });
  return toNewsCover(id, widths);
}
