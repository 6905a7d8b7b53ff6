import { detectCardType } from '../../apps/gateway/src/rewards/cards.controller';
import { cardGrantJobId } from '../../apps/rewards/src/cards/card-grants.job';
import { cardFileName, renderCardSvg, SEED_CARDS, SEED_VIDEO_CARDS } from '../../apps/rewards/src/cards/files/card-art';
import { CARD_FILE_PATTERN, CARD_RARITIES } from '@portal/contracts';

describe('the project-made card art (#18)', () => {
  it('has 16 SVG seeds of every rarity and 3 animated ones, each seed key once', () => {
    expect(SEED_CARDS).toHaveLength(16);
    expect(new Set(SEED_CARDS.map((card) => card.rarity))).toEqual(new Set(CARD_RARITIES));
    expect(SEED_VIDEO_CARDS).toHaveLength(3);
    const seeds = [...SEED_CARDS, ...SEED_VIDEO_CARDS].map((card) => card.seed);
    expect(new Set(seeds).size).toBe(seeds.length);
  });

  it('draws each card from its seed alone (the same bytes every time), with nothing that could run or load', () => {
    for (const card of SEED_CARDS) {
      const svg = renderCardSvg(card);
      expect(renderCardSvg(card)).toBe(svg);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/<script|<foreignObject|\son[a-z]+=|href=|url\((?!#)/i);
      expect(svg).toContain(card.title);
      const file = cardFileName(card.seed.replace(/^svg:/, ''), svg, 'svg');
      expect(file).toMatch(CARD_FILE_PATTERN);
    }
    const names = SEED_CARDS.map((card) => renderCardSvg(card));
    expect(new Set(names).size).toBe(names.length);
  });

  it('escapes a title as XML', () => {
    const svg = renderCardSvg({ ...SEED_CARDS[0], title: '<script>"&"</script>' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;&quot;&amp;&quot;&lt;/script&gt;');
  });

  it('names files by content', () => {
    expect(cardFileName('Sky Whale!', 'a', 'svg')).toMatch(/^sky-whale-[0-9a-f]{16}\.svg$/);
    expect(cardFileName('x', 'a', 'svg')).not.toBe(cardFileName('x', 'b', 'svg'));
  });
});

describe('card uploads and job ids (#18)', () => {
  it('takes PNG, JPEG, WebP and WebM by content and tells SVG (or any markup) apart to refuse it', () => {
    expect(detectCardType(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toEqual({ extension: 'png' });
    expect(detectCardType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toEqual({ extension: 'jpg' });
    expect(detectCardType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toEqual({ extension: 'webp' });
    expect(detectCardType(Buffer.from('\uFEFF  <?xml version="1.0"?><svg/>'))).toBe('svg');
    expect(detectCardType(Buffer.from('<svg onload="alert(1)"/>'))).toBe('svg');
    expect(detectCardType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectCardType(Buffer.from('plain text'))).toBeNull();
  });

  it('makes a BullMQ job id of any key, one-to-one, without ":"', () => {
    expect(cardGrantJobId('registration:abc')).toBe('registration%3Aabc');
    expect(cardGrantJobId('a%3Ab')).not.toBe(cardGrantJobId('a:b'));
    expect(cardGrantJobId('list:u:2026-11-26')).not.toContain(':');
  });
});
