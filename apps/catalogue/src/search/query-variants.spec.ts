import { cyrillicToRomaji, hasCyrillic, switchKeyboardLayout } from './query-variants';

describe('search query variants', () => {
  it('reads Cyrillic Japanese names back as romaji (Polivanov)', () => {
    expect(cyrillicToRomaji('Сингэки но Кёдзин')).toBe('shingeki no kyojin');
    expect(cyrillicToRomaji('наруто сиппудэн')).toBe('naruto shippuden');
    expect(cyrillicToRomaji('Тэцуван Атому')).toBe('tetsuvan atomu');
  });

  it('reads a query typed in the wrong keyboard layout', () => {
    expect(switchKeyboardLayout('yfhenj')).toBe('наруто');
    expect(switchKeyboardLayout('тфкгещ')).toBe('naruto');
  });

  it('tells Cyrillic from Latin', () => {
    expect(hasCyrillic('Ёлка')).toBe(true);
    expect(hasCyrillic('naruto')).toBe(false);
  });
});
