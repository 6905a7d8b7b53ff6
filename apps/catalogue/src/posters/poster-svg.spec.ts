import { posterSvg, wrapTitle } from './poster-svg';

describe('generated poster', () => {
  it('escapes the title so it cannot inject markup into the SVG', () => {
    const svg = posterSvg({ title: '<script>alert("x")</script> & Co', year: 2001, kind: 'tv' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&amp; Co');
  });

  it('gives the same title the same colours and another title other colours', () => {
    const a = posterSvg({ title: 'Наруто', year: 2002, kind: 'tv' });
    expect(posterSvg({ title: 'Наруто', year: 2002, kind: 'tv' })).toBe(a);
    expect(posterSvg({ title: 'Ван-Пис', year: 1999, kind: 'tv' }).match(/hsl\(\d+/)?.[0]).not.toBe(a.match(/hsl\(\d+/)?.[0]);
  });

  it('shows the kind and year in Russian', () => {
    expect(posterSvg({ title: 'Акира', year: 1988, kind: 'movie' })).toContain('Фильм · 1988');
  });

  it('wraps long titles on word boundaries and ends an overflow with an ellipsis', () => {
    expect(wrapTitle('Shingeki no Kyojin: The Final Season', 16)).toEqual(['Shingeki no', 'Kyojin: The', 'Final Season']);
    const lines = wrapTitle('a '.repeat(200), 16, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2].endsWith('…')).toBe(true);
  });
});
