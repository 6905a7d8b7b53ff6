import { detectImageType, detectProfileMediaType, ebmlDocType, gifFrameCount } from './image-type';

const GIF_FRAME = [0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00];
const GIF_HEADER = [...Buffer.from('GIF89a', 'latin1'), 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff];
const gif = (frames: number) => Buffer.from([...GIF_HEADER, ...Array.from({ length: frames }, () => GIF_FRAME).flat(), 0x3b]);

function ebml(docType: string): Buffer {
  const type = Buffer.from(docType, 'latin1');
  const header = Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | type.length, ...type]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]), header, Buffer.from([0x18, 0x53, 0x80, 0x67])]);
}

describe('uploaded image type', () => {
  it('recognises JPEG, PNG, GIF and WebP by their first bytes', () => {
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.mime).toBe('image/jpeg');
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.mime).toBe('image/png');
    expect(detectImageType(Buffer.from('GIF89a....', 'latin1'))?.mime).toBe('image/gif');
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))?.mime).toBe('image/webp');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(detectImageType(Buffer.from('<html>'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });

  it('keeps WebM out of plain images (collection covers stay pictures)', () => {
    expect(detectImageType(ebml('webm'))).toBeNull();
  });
});

describe('profile media type (avatars and banners)', () => {
  it('counts GIF frames by walking its blocks', () => {
    expect(gifFrameCount(gif(1))).toBe(1);
    expect(gifFrameCount(gif(3))).toBe(3);
    expect(gifFrameCount(gif(3), 2)).toBe(2);
    // Cut off in the middle of the second frame: the first still counts.
    expect(gifFrameCount(gif(2).subarray(0, GIF_HEADER.length + GIF_FRAME.length + 12))).toBeGreaterThanOrEqual(1);
    expect(gifFrameCount(Buffer.from('GIF89a', 'latin1'))).toBe(0);
  });

  it('marks a GIF of more than one frame as animated, a single frame as still', () => {
    expect(detectProfileMediaType(gif(1))).toEqual({ mime: 'image/gif', extension: 'gif', animated: false });
    expect(detectProfileMediaType(gif(2))).toEqual({ mime: 'image/gif', extension: 'gif', animated: true });
  });

  it('reads the EBML DocType: WebM is accepted and animated, other Matroska files are not', () => {
    expect(ebmlDocType(ebml('webm'))).toBe('webm');
    expect(ebmlDocType(ebml('matroska'))).toBe('matroska');
    expect(detectProfileMediaType(ebml('webm'))).toEqual({ mime: 'video/webm', extension: 'webm', animated: true });
    expect(detectProfileMediaType(ebml('matroska'))).toBeNull();
    expect(detectProfileMediaType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBeNull();
  });

  it('flags an animated WebP (VP8X animation bit) and leaves a still one still', () => {
    const vp8x = (flags: number) => Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8X', 'latin1'), Buffer.from([10, 0, 0, 0, flags, 0, 0, 0])]);
    expect(detectProfileMediaType(vp8x(0x02))?.animated).toBe(true);
    expect(detectProfileMediaType(vp8x(0x00))?.animated).toBe(false);
  });

  it('still refuses HTML and SVG, whatever they are called', () => {
    expect(detectProfileMediaType(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(detectProfileMediaType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
