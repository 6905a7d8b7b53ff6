import { stripBbcode } from './bbcode';

describe('stripBbcode (Shikimori descriptions to plain text)', () => {
  it('keeps the names of linked characters, titles and people and drops the links', () => {
    expect(
      stripBbcode('Отряд героя [character=186854]Химмеля[/character] вернулся. Смотрите [anime=1735]Ураганные хроники[/anime] и [person=8]Кисимото[/person].'),
    ).toBe('Отряд героя Химмеля вернулся. Смотрите Ураганные хроники и Кисимото.');
  });

  it('drops styling but keeps the styled words', () => {
    expect(stripBbcode('[b]Наруто[/b] [i]Удзумаки[/i] — [u]ниндзя[/u] [url=https://example.com]Конохи[/url]')).toBe('Наруто Удзумаки — ниндзя Конохи');
  });

  it('drops spoilers, the source note and images with their content', () => {
    expect(stripBbcode('Начало. [spoiler=спойлер]Итачи — не злодей[/spoiler] Конец.[source]ANN[/source]')).toBe('Начало. Конец.');
    expect(stripBbcode('Текст [spoiler]внешний [spoiler]вложенный[/spoiler] хвост[/spoiler]остаётся')).toBe('Текст остаётся');
    expect(stripBbcode('До [img]https://example.com/a.jpg[/img]после [image=42] [poster=7]')).toBe('До после');
  });

  it('reads wiki links as their text and keeps paragraphs', () => {
    expect(stripBbcode('Деревня [[Коноха]].\r\n\r\n\r\nВторой   абзац.[br]')).toBe('Деревня Коноха.\n\nВторой абзац.');
    expect(stripBbcode('Вернулся в [[Коноха|Коноху]].')).toBe('Вернулся в Коноху.');
  });

  it('leaves square brackets that are not BBCode alone', () => {
    expect(stripBbcode('Серии [1-3] вышли [TV]')).toBe('Серии [1-3] вышли [TV]');
  });

  it('answers null for an empty description', () => {
    expect(stripBbcode(null)).toBeNull();
    expect(stripBbcode('')).toBeNull();
    expect(stripBbcode('[source]ANN[/source]')).toBeNull();
  });
});
