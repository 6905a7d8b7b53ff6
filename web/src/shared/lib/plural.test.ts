import { describe, expect, it } from 'vitest';
import { formatCount, pluralRu } from './plural';

const EPISODES = ['серия', 'серии', 'серий'] as const;

describe('pluralRu', () => {
  it.each([
    [0, 'серий'],
    [1, 'серия'],
    [2, 'серии'],
    [4, 'серии'],
    [5, 'серий'],
    [11, 'серий'],
    [12, 'серий'],
    [14, 'серий'],
    [21, 'серия'],
    [22, 'серии'],
    [25, 'серий'],
    [101, 'серия'],
    [111, 'серий'],
    [1234, 'серии'],
  ])('%i → %s', (count, form) => {
    expect(pluralRu(count, EPISODES)).toBe(form);
  });

  it('uses the "few" form for fractions', () => {
    expect(pluralRu(1.5, EPISODES)).toBe('серии');
  });
});

describe('formatCount', () => {
  it('joins the grouped number and the word', () => {
    expect(formatCount(1, EPISODES)).toBe('1 серия');
    expect(formatCount(2, EPISODES)).toBe('2 серии');
    expect(formatCount(5, EPISODES)).toBe('5 серий');
    expect(formatCount(21, EPISODES)).toBe('21 серия');
    expect(formatCount(11, EPISODES)).toBe('11 серий');
    // Russian groups thousands with a (narrow) no-break space.
    expect(formatCount(1234, ['аниме', 'аниме', 'аниме']).replace(/\s/g, ' ')).toBe('1 234 аниме');
  });
});

describe('without Intl at page load', () => {
  const FORMS = ['one', 'few', 'many'] as const;
  const counts = [...Array.from({ length: 1500 }, (_, index) => index), 10_011, 123_456, 1_000_000, 2_147_483_647, -1, -22];

  it('picks the form Intl.PluralRules picks for every integer', () => {
    const rules = new Intl.PluralRules('ru');
    for (const count of counts) expect([count, pluralRu(count, FORMS)]).toEqual([count, rules.select(count)]);
  });

  it('groups digits as Intl.NumberFormat does', () => {
    const numbers = new Intl.NumberFormat('ru-RU');
    for (const count of [...counts, 1.5, 1234.25]) expect(formatCount(count, FORMS).split(' ')[0]).toBe(numbers.format(count));
  });
});
