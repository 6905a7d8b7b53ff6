import { containsBadWord, maskBadWords } from './bad-words';

describe('the bad-word filter', () => {
  it('finds whole words, case-insensitively, also between digits and at camelCase humps', () => {
    expect(containsBadWord('big_Fuck99')).toBe(true);
    expect(containsBadWord('BigFuck')).toBe(true);
    expect(containsBadWord('FuCk')).toBe(true);
    expect(containsBadWord('assassin')).toBe(false);
    expect(containsBadWord('Наруто')).toBe(false);
  });

  it('masks every letter of each bad word and keeps everything else as written', () => {
    expect(maskBadWords('What the FUCK, Лайт!')).toBe('What the ****, Лайт!');
    expect(maskBadWords('BigFuck fuck99 assassin')).toBe('Big**** ****99 assassin');
    expect(maskBadWords('<b>ok</b> \n  spaces  ')).toBe('<b>ok</b> \n  spaces  ');
    expect(maskBadWords('')).toBe('');
  });
});
