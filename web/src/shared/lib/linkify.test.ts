import { describe, expect, it } from 'vitest';
import { splitMessageText, type MessagePart } from './linkify';

const text = (value: string): MessagePart => ({ kind: 'text', text: value });
const link = (value: string, href = value): MessagePart => ({ kind: 'link', text: value, href });

describe('splitting a message into text and links', () => {
  it('leaves text without addresses as one text part', () => {
    expect(splitMessageText('Привет, как дела?')).toEqual([text('Привет, как дела?')]);
    expect(splitMessageText('')).toEqual([]);
  });

  it('turns http and https addresses into links and keeps the text around them', () => {
    expect(splitMessageText('Смотри https://example.com/anime?id=5 и http://foo.org')).toEqual([
      text('Смотри '),
      link('https://example.com/anime?id=5'),
      text(' и '),
      link('http://foo.org', 'http://foo.org/'),
    ]);
  });

  it('leaves sentence punctuation and unbalanced brackets outside the link', () => {
    expect(splitMessageText('Тут: https://example.com/a.')).toEqual([text('Тут: '), link('https://example.com/a'), text('.')]);
    expect(splitMessageText('(см. https://example.com/x)')).toEqual([text('(см. '), link('https://example.com/x'), text(')')]);
    expect(splitMessageText('https://ru.wikipedia.org/wiki/Foo_(bar)!')).toEqual([link('https://ru.wikipedia.org/wiki/Foo_(bar)'), text('!')]);
  });

  it('keeps script tags as plain text', () => {
    const value = '<script>alert("xss")</script>';
    expect(splitMessageText(value)).toEqual([text(value)]);
  });

  it('never links javascript:, data: or other schemes, in any letter case', () => {
    for (const value of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'ftp://example.com/file',
      'mailto:a@b.c',
    ]) {
      expect(splitMessageText(value)).toEqual([text(value)]);
    }
  });

  it('keeps an HTML anchor with a javascript: address as text', () => {
    const value = '<a href="javascript:alert(1)">жми</a>';
    expect(splitMessageText(value)).toEqual([text(value)]);
  });

  it('ends an address at a quote or angle bracket, so nothing can break out into markup', () => {
    expect(splitMessageText('https://evil.example/"><img src=x onerror=alert(1)>')).toEqual([
      link('https://evil.example/'),
      text('"><img src=x onerror=alert(1)>'),
    ]);
    expect(splitMessageText("https://evil.example/'onmouseover='alert(1)")).toEqual([link('https://evil.example/'), text("'onmouseover='alert(1)")]);
  });

  it('links only the http(s) address after a javascript: prefix, never the prefix', () => {
    expect(splitMessageText('javascript:https://example.com')).toEqual([text('javascript:'), link('https://example.com', 'https://example.com/')]);
    expect(splitMessageText('javascript: https://example.com')).toEqual([text('javascript: '), link('https://example.com', 'https://example.com/')]);
  });

  it('ignores addresses without a host and addresses glued to a word', () => {
    expect(splitMessageText('http:// пусто')).toEqual([text('http:// пусто')]);
    expect(splitMessageText('xhttps://example.com')).toEqual([text('xhttps://example.com')]);
  });

  it('links international domain names with an encoded href', () => {
    expect(splitMessageText('https://аниме.рф')).toEqual([link('https://аниме.рф', 'https://xn--80akiqd.xn--p1ai/')]);
  });
});
