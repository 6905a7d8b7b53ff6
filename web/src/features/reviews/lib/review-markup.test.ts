import { describe, expect, it } from 'vitest';
import { parseReview, reviewExcerpt } from './review-markup';

const p = (...lines: string[]) => ({ type: 'paragraph', lines });

describe('parseReview', () => {
  it('splits paragraphs on blank lines and keeps line breaks inside one', () => {
    expect(parseReview('Первый абзац.\nВторая строка.\n\n\nВторой абзац.')).toEqual([p('Первый абзац.', 'Вторая строка.'), p('Второй абзац.')]);
  });

  it('normalises Windows line breaks and blank lines made of spaces', () => {
    expect(parseReview('a\r\nb\r\n  \r\nc')).toEqual([p('a', 'b'), p('c')]);
  });

  it('turns [spoiler]…[/spoiler] into a block of paragraphs, any case', () => {
    expect(parseReview('До.\n[SPOILER]Он умрёт.\n\nИ она тоже.[/Spoiler]\nПосле.')).toEqual([
      p('До.'),
      { type: 'spoiler', paragraphs: [p('Он умрёт.'), p('И она тоже.')] },
      p('После.'),
    ]);
  });

  it('keeps HTML and script payloads as plain text', () => {
    const payload = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(parseReview(payload)).toEqual([p(payload)]);
    expect(parseReview(`[spoiler]${payload}[/spoiler]`)).toEqual([{ type: 'spoiler', paragraphs: [p(payload)] }]);
  });

  it('renders unbalanced tags as text', () => {
    expect(parseReview('Начало [spoiler] без конца')).toEqual([p('Начало [spoiler] без конца')]);
    expect(parseReview('Лишний [/spoiler] тег')).toEqual([p('Лишний [/spoiler] тег')]);
    expect(parseReview('[spoiler]a[/spoiler] и [spoiler]b')).toEqual([{ type: 'spoiler', paragraphs: [p('a')] }, p(' и [spoiler]b')]);
  });

  it('does not nest: an inner [spoiler] is text, the stray close after it too', () => {
    expect(parseReview('[spoiler]a [spoiler]b[/spoiler] c[/spoiler]')).toEqual([{ type: 'spoiler', paragraphs: [p('a [spoiler]b')] }, p(' c[/spoiler]')]);
  });

  it('drops empty spoilers and empty text', () => {
    expect(parseReview('a[spoiler]  [/spoiler]b')).toEqual([p('ab')]);
    expect(parseReview('  \n\n ')).toEqual([]);
  });
});

describe('reviewExcerpt', () => {
  it('takes the first paragraphs and says when something was left out', () => {
    const blocks = parseReview('Один.\n\nДва.\n\nТри.');
    expect(reviewExcerpt(blocks, 2)).toEqual({ blocks: [p('Один.'), p('Два.')], truncated: true });
    expect(reviewExcerpt(blocks, 3)).toEqual({ blocks, truncated: false });
  });

  it('cuts a long first paragraph at a word', () => {
    const { blocks, truncated } = reviewExcerpt(parseReview('слово '.repeat(50).trim()), 2, 20);
    expect(truncated).toBe(true);
    expect(blocks).toEqual([p('слово слово слово…')]);
  });

  it('stops before a paragraph that would pass the character budget', () => {
    const blocks = parseReview(`Коротко.\n\n${'x'.repeat(100)}`);
    expect(reviewExcerpt(blocks, 2, 50)).toEqual({ blocks: [p('Коротко.')], truncated: true });
  });
});
