import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { NEWS_COVER_WIDTHS, NEWS_MESSAGES, type NewsCoverUpload, toNewsCover } from '@portal/contracts';
import type { FileStorage } from '../uploads/file-storage';
import { detectImageType } from '../uploads/image-type';
import { invalidField } from '../uploads/multipart-form';

/** The largest picture sharp is asked to open (pixels), against decompression bombs. */
const MAX_PIXELS = 40_000_000;

/**
 * A news cover: checked by content (JPEG, PNG, WebP, GIF: the first frame), then stored as WebP at
 * each of NEWS_COVER_WIDTHS (never wider than the original, except that the smallest width is always
 * made). The files are new under random names, so the uploads route serves them with an immutable cache.
 */
export async function storeNewsCover(storage: FileStorage, content: Buffer): Promise<NewsCoverUpload> {
  if (!detectImageType(content)) throw invalidField('file', NEWS_MESSAGES.coverType);
  let width: number;
  try {
    const meta = await sharp(content, { limitInputPixels: MAX_PIXELS }).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
  } catch {
    throw invalidField('file', NEWS_MESSAGES.coverBroken);
  }
  const widths = NEWS_COVER_WIDTHS.filter((candidate, index) => index === 0 || candidate <= width);
  const id = randomUUID();
  const stored: string[] = [];
  try {
    for (const target of widths) {
      const resized = await sharp(content, { limitInputPixels: MAX_PIXELS })
        .autoOrient()
        .resize({ width: target, withoutEnlargement: false })
        .webp({ quality: 80 })
        .toBuffer();
      const key = `news/${id}-${target}.webp`;
      await storage.put(key, resized);
      stored.push(key);
    }
  } catch (error) {
    // A picture that fails half-way leaves no files behind.
    await Promise.all(stored.map((key) => storage.remove(key).catch(() => undefined)));
    if ((error as { code?: string })?.code) throw error;
    throw invalidField('file', NEWS_MESSAGES.coverBroken);
  }
  return toNewsCover(id, widths);
}
