import { amvLetterOf, normalizeAmvEmbed } from './amv.dto';

describe('AMV player links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vk.com/video?z=video-5_77', 'https://vk.com/video_ext.php?oid=-5&id=77'],
    ['https://vk.com/video_ext.php?oid=-5&id=77&hash=abc123', 'https://vk.com/video_ext.php?oid=-5&id=77&hash=abc123'],
    ['https://rutube.ru/play/embed/0123456789ABCDEF0123456789ABCDEF', 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef'],
  ])('%s → %s, and the embed URL normalises to itself', (url, embed) => {
    const first = normalizeAmvEmbed(url);
    expect(typeof first === 'object' && first.embedUrl).toBe(embed);
    const again = normalizeAmvEmbed(embed);
    expect(typeof again === 'object' && again.embedUrl).toBe(embed);
  });

  it.each([
    ['not a url', 'url'],
    ['ftp://youtube.com/watch?v=dQw4w9WgXcQ', 'url'],
    ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', 'host'],
    ['https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ', 'host'],
    ['https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ', 'host'],
    ['https://www.youtube.com/watch?v=<script>', 'video'],
    ['https://vk.com/id1', 'video'],
    ['https://rutube.ru/video/123/', 'video'],
  ])('%s is refused (%s)', (url, reason) => {
    expect(normalizeAmvEmbed(url)).toBe(reason);
  });
});

describe('AMV letters', () => {
  it.each([
    ['Ёжик', 'Е'],
    ['наруто', 'Н'],
    ['naruto', 'N'],
    ['86', '#'],
    ['  7 самураев', '#'],
    ['«Кавычки»', 'К'],
    ['[MEP] "Bloom"', 'M'],
    ['...и снова', 'И'],
    ['君の名は', '#'],
    ['!!!', '#'],
  ])('%s → %s', (title, letter) => {
    expect(amvLetterOf(title)).toBe(letter);
  });
});
