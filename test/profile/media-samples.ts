/**
 * Tiny files of each kind an avatar or banner may be, built byte by byte (valid enough for the
 * content checks: magic numbers, GIF blocks, the EBML header of a WebM).
 */

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const GIF_HEADER = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff];
const NETSCAPE_LOOP = [0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'latin1'), 0x03, 0x01, 0x00, 0x00, 0x00];
const GRAPHIC_CONTROL = [0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00];
const FRAME = [0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00];

/** A GIF of `frames` 1×1 frames (with the looping extension when it has more than one). */
export function gif(frames: number): Buffer {
  const body = Array.from({ length: frames }, () => [...GRAPHIC_CONTROL, ...FRAME]).flat();
  return Buffer.from([...GIF_HEADER, ...(frames > 1 ? NETSCAPE_LOOP : []), ...body, 0x3b]);
}

/** The start of an EBML file with the given DocType: header, then a Segment of unknown size. */
export function ebml(docType: string): Buffer {
  const type = Buffer.from(docType, 'latin1');
  const header = Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | type.length, ...type]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]),
    header,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    Buffer.alloc(64),
  ]);
}

export const WEBM = ebml('webm');
