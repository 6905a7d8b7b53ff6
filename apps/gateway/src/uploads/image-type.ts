export type ImageType = { mime: string; extension: string };

/** An uploaded picture of a profile (avatar, banner): an image or a WebM clip, and whether it moves. */
export type ProfileMediaType = ImageType & { animated: boolean };

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

const isGif = (bytes: Buffer) => bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'));
const isWebp = (bytes: Buffer) =>
  bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

/** The file's real type from its first bytes; the name and the browser's Content-Type are not trusted. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', extension: 'jpg' };
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_MAGIC)) return { mime: 'image/png', extension: 'png' };
  if (isGif(bytes)) return { mime: 'image/gif', extension: 'gif' };
  if (isWebp(bytes)) return { mime: 'image/webp', extension: 'webp' };
  return null;
}

/**
 * An avatar or banner: the images of `detectImageType` plus WebM video, by content only. `animated`
 * is true for a GIF of more than one frame, an animated WebP and any WebM (the client then shows a
 * muted looping video or the moving image).
 */
export function detectProfileMediaType(bytes: Buffer): ProfileMediaType | null {
  const image = detectImageType(bytes);
  if (image) {
    const animated = image.mime === 'image/gif' ? gifFrameCount(bytes, 2) > 1 : image.mime === 'image/webp' ? isAnimatedWebp(bytes) : false;
    return { ...image, animated };
  }
  if (ebmlDocType(bytes) === 'webm') return { mime: 'video/webm', extension: 'webm', animated: true };
  return null;
}

/**
 * Counts a GIF's image descriptors (frames), walking its blocks, up to `stopAt`. A truncated or
 * malformed file counts the frames seen before the damage.
 */
export function gifFrameCount(bytes: Buffer, stopAt = Infinity): number {
  if (!isGif(bytes) || bytes.length < 13) return 0;
  const flags = bytes[10];
  let offset = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let frames = 0;
  const skipSubBlocks = () => {
    while (offset < bytes.length) {
      const size = bytes[offset];
      offset += 1;
      if (size === 0) return true;
      offset += size;
    }
    return false;
  };
  while (offset < bytes.length && frames < stopAt) {
    const introducer = bytes[offset];
    if (introducer === 0x3b) break; // trailer
    if (introducer === 0x21) {
      // extension: introducer, label, data sub-blocks
      offset += 2;
      if (!skipSubBlocks()) break;
    } else if (introducer === 0x2c) {
      // image descriptor (10 bytes), optional local colour table, LZW minimum code size, data sub-blocks
      if (offset + 10 > bytes.length) break;
      const local = bytes[offset + 9];
      offset += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1;
      frames += 1;
      if (!skipSubBlocks()) break;
    } else {
      break;
    }
  }
  return frames;
}

/** A WebP with a VP8X header whose animation flag is set. */
function isAnimatedWebp(bytes: Buffer): boolean {
  return bytes.length >= 21 && bytes.subarray(12, 16).toString('latin1') === 'VP8X' && (bytes[20] & 0x02) !== 0;
}

/** One EBML variable-length integer at `offset`: its length in bytes and its value (marker bit kept for ids). */
function readVint(bytes: Buffer, offset: number, keepMarker: boolean): { length: number; value: number } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  if (length > 8 || offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let index = 1; index < length; index += 1) value = value * 256 + bytes[offset + index];
  return { length, value };
}

const DOC_TYPE_ID = 0x4282;

/**
 * The DocType of an EBML file ("webm", "matroska"), read from its header element; null when the file
 * does not start with the EBML magic or the header has no DocType.
 */
export function ebmlDocType(bytes: Buffer): string | null {
  if (bytes.length < 5 || !bytes.subarray(0, 4).equals(EBML_MAGIC)) return null;
  const headerSize = readVint(bytes, 4, false);
  if (!headerSize) return null;
  let offset = 4 + headerSize.length;
  const end = Math.min(bytes.length, offset + headerSize.value);
  while (offset < end) {
    const id = readVint(bytes, offset, true);
    if (!id) return null;
    const size = readVint(bytes, offset + id.length, false);
    if (!size) return null;
    const dataStart = offset + id.length + size.length;
    if (id.value === DOC_TYPE_ID) {
      if (dataStart + size.value > bytes.length) return null;
      return bytes
        .subarray(dataStart, dataStart + size.value)
        .toString('latin1')
        .replace(/\0+$/, '');
    }
    offset = dataStart + size.value;
  }
  return null;
}
