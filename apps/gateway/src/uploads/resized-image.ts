import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { FileStorage } from './file-storage';
import { detectImageType } from './image-type';
import { invalidField } from './multipart-form';

/** The largest picture sharp is asked to open (pixels), against decompression bombs. */
export const MAX_PIXELS = 40_000_000;

export interface ResizedImageOptions {
  /** Where under the uploads the files go: `<folder>/<id>-<width>.webp`. */
  folder: string;
  /** Widths to store, smallest first. */
  widths: readonly number[];
  /** The Russian messages for a file that is no picture, and for one that cannot be read. */
  messages: { type: string; broken: string };
}

/**
 * An uploaded picture: checked by content (JPEG, PNG, WebP, GIF: the first frame), then stored as WebP
 * at each of `widths` (never wider than the original, except that the smallest width is always made).
 * The files are new under random names, so the uploads route serves them with an immutable cache.
 */
export async function storeResizedImage(
  storage: FileStorage,
  content: Buffer,
  { folder, widths, messages }: ResizedImageOptions,
): Promise<{ id: string; widths: number[] }> {
  if (!detectImageType(content)) throw invalidField('file', messages.type);
  let width: number;
  try {
    const meta = await sharp(content, { limitInputPixels: MAX_PIXELS }).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
  } catch {
    throw invalidField('file', messages.broken);
  }
  const made = widths.filter((candidate, index) => index === 0 || candidate <= width);
  const id = randomUUID();
  const stored: string[] = [];
  try {
    for (const target of made) {
      const resized = await sharp(content, { limitInputPixels: MAX_PIXELS })
        .autoOrient()
        .resize({ width: target, withoutEnlargement: false })
        .webp({ quality: 80 })
        .toBuffer();
      const key = `${folder}/${id}-${target}.webp`;
      await storage.put(key, resized);
      stored.push(key);
    }
  } catch (error) {
    // A picture that fails half-way leaves no files behind.
    await Promise.all(stored.map((key) => storage.remove(key).catch(() => undefined)));
    if ((error as { code?: string })?.code) throw error;
    throw invalidField('file', messages.broken);
  }
  return { id, widths: made };
}
