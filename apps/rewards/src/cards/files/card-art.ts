import { createHash } from 'node:crypto';
import type { CardRarity } from '@portal/contracts';

/**
 * The project's own card art (docs/rewards.md, «Карточки»): SVG drawn from the card's seed alone, so
 * every portal makes byte-identical files (and names, hashed from the content). No copyrighted
 * images: a frame in the rarity's colours, a geometric motif, the title.
 */
export type CardMotif = 'circles' | 'triangles' | 'hexagons' | 'waves' | 'stars' | 'rays' | 'grid' | 'diamonds';

export interface SeedCard {
  /** The seed registry's key: a seed is added once per database. */
  seed: string;
  title: string;
  description: string;
  rarity: CardRarity;
  motif: CardMotif;
  /** Background hue, 0–359. */
  hue: number;
}

export interface SeedVideoCard {
  seed: string;
  title: string;
  description: string;
  rarity: CardRarity;
  /** The lavfi source ffmpeg draws the loop from. */
  source: string;
}

export const RARITY_WEIGHTS: Record<CardRarity, number> = { common: 100, rare: 40, epic: 15, legendary: 5 };

export const RARITY_FRAMES: Record<CardRarity, { outer: string; inner: string; label: string }> = {
  common: { outer: '#8a94a6', inner: '#d5dae3', label: 'ОБЫЧНАЯ' },
  rare: { outer: '#1d5fd6', inner: '#7fb2ff', label: 'РЕДКАЯ' },
  epic: { outer: '#7a2fd0', inner: '#d29bff', label: 'ЭПИЧЕСКАЯ' },
  legendary: { outer: '#c98a00', inner: '#ffe27a', label: 'ЛЕГЕНДАРНАЯ' },
};

export const SEED_CARDS: SeedCard[] = [
  { seed: 'svg:morning-tea', title: 'Утренний чай', description: 'Пар над чашкой и первая серия дня.', rarity: 'common', motif: 'circles', hue: 30 },
  {
    seed: 'svg:station-sakura',
    title: 'Сакура у станции',
    description: 'Лепестки кружатся над пустой платформой.',
    rarity: 'common',
    motif: 'diamonds',
    hue: 340,
  },
  { seed: 'svg:paper-crane', title: 'Бумажный журавлик', description: 'Тысячный журавлик исполняет желание.', rarity: 'common', motif: 'triangles', hue: 200 },
  { seed: 'svg:rainy-evening', title: 'Дождливый вечер', description: 'Капли стучат по крыше, серия за серией.', rarity: 'common', motif: 'waves', hue: 215 },
  { seed: 'svg:onigiri', title: 'Онигири', description: 'Перекус героя перед решающей битвой.', rarity: 'common', motif: 'triangles', hue: 95 },
  { seed: 'svg:school-roof', title: 'Школьная крыша', description: 'Место, где говорят самое важное.', rarity: 'common', motif: 'grid', hue: 180 },
  { seed: 'svg:festival-lanterns', title: 'Фонарики фестиваля', description: 'Летняя ночь, юката и огоньки.', rarity: 'common', motif: 'circles', hue: 15 },
  { seed: 'svg:guardian-cat', title: 'Кот-хранитель', description: 'Дремлет у входа и всё видит.', rarity: 'rare', motif: 'hexagons', hue: 45 },
  { seed: 'svg:fox-shrine', title: 'Лисий храм', description: 'Красные ворота ведут выше в горы.', rarity: 'rare', motif: 'rays', hue: 8 },
  { seed: 'svg:summer-fireworks', title: 'Летний фейерверк', description: 'Небо вспыхивает, а признание не слышно.', rarity: 'rare', motif: 'stars', hue: 260 },
  { seed: 'svg:ghost-train', title: 'Призрачный поезд', description: 'Идёт по расписанию, которого нет.', rarity: 'rare', motif: 'grid', hue: 235 },
  { seed: 'svg:ocean-spirit', title: 'Дух океана', description: 'Волна, которая помнит все берега.', rarity: 'rare', motif: 'waves', hue: 190 },
  { seed: 'svg:star-sword', title: 'Звёздный меч', description: 'Выкован из упавшего метеорита.', rarity: 'epic', motif: 'rays', hue: 275 },
  { seed: 'svg:sky-whale', title: 'Небесный кит', description: 'Плывёт над облаками раз в сто лет.', rarity: 'epic', motif: 'hexagons', hue: 205 },
  { seed: 'svg:moon-gate', title: 'Лунные врата', description: 'Открываются только в полнолуние.', rarity: 'epic', motif: 'circles', hue: 250 },
  { seed: 'svg:storm-dragon', title: 'Дракон бури', description: 'Легенда, которую видели лишь однажды.', rarity: 'legendary', motif: 'stars', hue: 48 },
];

export const SEED_VIDEO_CARDS: SeedVideoCard[] = [
  {
    seed: 'webm:aurora',
    title: 'Северное сияние',
    description: 'Живая карточка: бесконечный узор в небе.',
    rarity: 'legendary',
    source: 'mandelbrot=s=224x320:rate=12:maxiter=256',
  },
  {
    seed: 'webm:spirit-swarm',
    title: 'Рой духов',
    description: 'Живая карточка: огоньки рождаются и гаснут.',
    rarity: 'epic',
    source: 'life=s=224x320:rate=12:ratio=0.25:seed=7:mold=12:life_color=#d29bff:death_color=#1a0b2e:mold_color=#5b2a86',
  },
  {
    seed: 'webm:jade-garden',
    title: 'Нефритовый сад',
    description: 'Живая карточка: сад растёт сам собой.',
    rarity: 'epic',
    source: 'life=s=224x320:rate=12:ratio=0.35:seed=21:mold=20:life_color=#7dffb0:death_color=#06261a:mold_color=#1f7a4d',
  },
];

/** A small deterministic generator (mulberry32) seeded from the card's seed. */
function random(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const round = (value: number) => Math.round(value * 10) / 10;

const WIDTH = 240;
const HEIGHT = 336;

function motifShapes(card: SeedCard, next: () => number): string {
  const stroke = `hsl(${(card.hue + 180) % 360} 80% 80% / 0.55)`;
  const fill = `hsl(${(card.hue + 30) % 360} 70% 65% / 0.35)`;
  const shapes: string[] = [];
  const area = { x: 28, y: 40, w: WIDTH - 56, h: 190 };
  const point = () => ({ x: round(area.x + next() * area.w), y: round(area.y + next() * area.h) });
  switch (card.motif) {
    case 'circles':
      for (let i = 0; i < 9; i += 1) {
        const { x, y } = point();
        shapes.push(`<circle cx="${x}" cy="${y}" r="${round(8 + next() * 30)}" fill="${fill}" stroke="${stroke}" stroke-width="2"/>`);
      }
      break;
    case 'triangles':
      for (let i = 0; i < 8; i += 1) {
        const { x, y } = point();
        const size = 14 + next() * 30;
        shapes.push(
          `<polygon points="${x},${round(y - size)} ${round(x + size)},${round(y + size)} ${round(x - size)},${round(y + size)}" fill="${fill}" stroke="${stroke}" stroke-width="2"/>`,
        );
      }
      break;
    case 'hexagons':
      for (let row = 0; row < 5; row += 1)
        for (let col = 0; col < 4; col += 1) {
          if (next() < 0.35) continue;
          const cx = area.x + 22 + col * 46 + (row % 2) * 23;
          const cy = area.y + 20 + row * 38;
          const r = 20;
          const points = Array.from(
            { length: 6 },
            (_, k) => `${round(cx + r * Math.cos((Math.PI / 3) * k))},${round(cy + r * Math.sin((Math.PI / 3) * k))}`,
          ).join(' ');
          shapes.push(`<polygon points="${points}" fill="${fill}" stroke="${stroke}" stroke-width="2"/>`);
        }
      break;
    case 'waves':
      for (let i = 0; i < 7; i += 1) {
        const y = area.y + 14 + i * 27;
        const amplitude = round(6 + next() * 12);
        shapes.push(`<path d="M${area.x},${y} q30,${-amplitude} 46,0 t46,0 t46,0 t46,0" fill="none" stroke="${stroke}" stroke-width="3"/>`);
      }
      break;
    case 'stars':
      for (let i = 0; i < 10; i += 1) {
        const { x, y } = point();
        const r = 6 + next() * 16;
        const points = Array.from({ length: 10 }, (_, k) => {
          const radius = k % 2 === 0 ? r : r / 2.4;
          const angle = (Math.PI / 5) * k - Math.PI / 2;
          return `${round(x + radius * Math.cos(angle))},${round(y + radius * Math.sin(angle))}`;
        }).join(' ');
        shapes.push(`<polygon points="${points}" fill="${fill}" stroke="${stroke}" stroke-width="1.5"/>`);
      }
      break;
    case 'rays': {
      const cx = WIDTH / 2;
      const cy = area.y + area.h / 2;
      const count = 12 + Math.floor(next() * 8);
      for (let i = 0; i < count; i += 1) {
        const angle = ((Math.PI * 2) / count) * i + next() * 0.1;
        shapes.push(
          `<line x1="${cx}" y1="${cy}" x2="${round(cx + 110 * Math.cos(angle))}" y2="${round(cy + 110 * Math.sin(angle))}" stroke="${stroke}" stroke-width="${round(1 + next() * 4)}"/>`,
        );
      }
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="${round(18 + next() * 12)}" fill="${fill}" stroke="${stroke}" stroke-width="3"/>`);
      break;
    }
    case 'grid':
      for (let row = 0; row < 6; row += 1)
        for (let col = 0; col < 6; col += 1) {
          if (next() < 0.45) continue;
          shapes.push(
            `<rect x="${area.x + col * 31}" y="${area.y + row * 31}" width="26" height="26" rx="4" fill="${fill}" stroke="${stroke}" stroke-width="1.5"/>`,
          );
        }
      break;
    case 'diamonds':
      for (let i = 0; i < 9; i += 1) {
        const { x, y } = point();
        const size = 8 + next() * 20;
        shapes.push(
          `<polygon points="${x},${round(y - size)} ${round(x + size * 0.7)},${y} ${x},${round(y + size)} ${round(x - size * 0.7)},${y}" fill="${fill}" stroke="${stroke}" stroke-width="1.5"/>`,
        );
      }
      break;
  }
  return shapes.join('');
}

/** The card's SVG: plain shapes and text, no script, no external references. */
export function renderCardSvg(card: SeedCard): string {
  const next = random(card.seed);
  const frame = RARITY_FRAMES[card.rarity];
  const title = escapeXml(card.title);
  const titleSize = card.title.length > 16 ? 16 : 19;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${title}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${card.hue} 55% 28%)"/><stop offset="1" stop-color="hsl(${(card.hue + 40) % 360} 60% 12%)"/></linearGradient>`,
    `<linearGradient id="frame" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${frame.inner}"/><stop offset="0.5" stop-color="${frame.outer}"/><stop offset="1" stop-color="${frame.inner}"/></linearGradient></defs>`,
    `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" rx="16" fill="url(#frame)"/>`,
    `<rect x="10" y="10" width="${WIDTH - 20}" height="${HEIGHT - 20}" rx="10" fill="url(#bg)"/>`,
    `<g>${motifShapes(card, next)}</g>`,
    `<rect x="18" y="246" width="${WIDTH - 36}" height="54" rx="8" fill="rgba(0,0,0,0.45)" stroke="${frame.inner}" stroke-width="1.5"/>`,
    `<text x="${WIDTH / 2}" y="279" text-anchor="middle" font-family="'Segoe UI', 'Noto Sans', Arial, sans-serif" font-size="${titleSize}" font-weight="700" fill="#ffffff">${title}</text>`,
    `<text x="${WIDTH / 2}" y="320" text-anchor="middle" font-family="'Segoe UI', 'Noto Sans', Arial, sans-serif" font-size="10" letter-spacing="2" fill="${frame.inner}">${frame.label}</text>`,
    `</svg>`,
  ].join('');
}

/** A card file's name: the seed's slug and the content's hash (so a URL never changes meaning). */
export function cardFileName(slug: string, content: Buffer | string, extension: string): string {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 16);
  const safe =
    slug
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'card';
  return `${safe}-${hash}.${extension}`;
}
