import { withoutBidiControls, withoutInvisibles } from './invisible-characters';

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u2061', '\u180E'];
const BLANK_FILLERS = ['\u034F', '\u115F', '\u1160', '\u3164', '\uFFA0'];

describe('withoutBidiControls (free text)', () => {
  it.each(BIDI.map((char) => [char.codePointAt(0)!.toString(16)]))('removes U+%s', (hex) => {
    expect(withoutBidiControls(`abc${String.fromCodePoint(parseInt(hex, 16))}gnp.exe`)).toBe('abcgnp.exe');
  });

  it('turns the reversed link and file name back into what they are', () => {
    expect(withoutBidiControls('смотри \u202Emoc.live//:sptth')).toBe('смотри moc.live//:sptth');
    expect(withoutBidiControls('abc\u202Egnp.exe xyz')).toBe('abcgnp.exe xyz');
  });

  it('keeps the joiners and everything else as typed: emoji, Persian, Hebrew, line breaks', () => {
    for (const text of ['👩‍💻 🏳️‍🌈 👨‍👩‍👧', 'می‌خواهم', 'שלום עולם', 'строка\nвторая\tтаб', 'a\u200Bb']) {
      expect(withoutBidiControls(text)).toBe(text);
    }
  });
});

describe('withoutInvisibles (names and titles)', () => {
  it('removes bidi controls, zero-width characters and blank fillers', () => {
    for (const char of [...BIDI, ...ZERO_WIDTH, ...BLANK_FILLERS]) {
      expect([char.codePointAt(0)!.toString(16), withoutInvisibles(`ad${char}min`)]).toEqual([char.codePointAt(0)!.toString(16), 'admin']);
    }
  });

  it('shows the issue’s names as what they are', () => {
    expect(withoutInvisibles('abc\u202Egnp.exe xyz')).toBe('abcgnp.exe xyz');
    expect(withoutInvisibles('a\u200b\u200c\u200d\ufeffb admin')).toBe('ab admin');
  });

  it('keeps emoji sequences whole: joiners between pictographs (with VS16 or a skin tone) and a flag’s tags', () => {
    for (const emoji of ['👩‍💻', '🏳️‍🌈', '👩🏽‍💻', '👨‍👩‍👧‍👦', '❤️‍🔥', '🏴󠁧󠁢󠁳󠁣󠁴󠁿']) {
      expect(withoutInvisibles(`Kira ${emoji}`)).toBe(`Kira ${emoji}`);
    }
  });

  it('removes a joiner or tag that is not part of an emoji', () => {
    expect(withoutInvisibles('a\u200Db')).toBe('ab');
    expect(withoutInvisibles('👩\u200Db')).toBe('👩b');
    expect(withoutInvisibles('x\u{E0067}\u{E007F}y')).toBe('xy');
  });

  it('leaves ordinary names alone and is idempotent', () => {
    for (const name of ['Наруто_Узумаки', 'naruto 2000', 'Ёжик-в-тумане', 'شادی', '山田 太郎']) {
      expect(withoutInvisibles(name)).toBe(name);
    }
    const once = withoutInvisibles('a\u200b\u202E b 👩‍💻');
    expect(withoutInvisibles(once)).toBe(once);
  });
});
