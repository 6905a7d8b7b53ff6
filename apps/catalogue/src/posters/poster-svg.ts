import { KIND_LABELS, type AnimeKind } from '@portal/contracts';

const WIDTH = 300;
const HEIGHT = 450;
const LINE_LENGTH = 16;
const MAX_LINES = 6;

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** FNV-1a: the same title always gets the same colours. */
function hashOf(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index++) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Breaks a title into lines of whole words, cutting words longer than a line and ending with "…". */
export function wrapTitle(title: string, lineLength = LINE_LENGTH, maxLines = MAX_LINES): string[] {
  const words = title
    .trim()
    .split(/\s+/)
    .flatMap((word) => word.match(new RegExp(`.{1,${lineLength}}`, 'gu')) ?? []);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= lineLength) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, lineLength - 1)}…`;
  return kept;
}

/** A poster for a title without one: its name on a gradient in colours derived from the title. */
export function posterSvg(anime: { title: string; year: number | null; kind: AnimeKind | null }): string {
  const hash = hashOf(anime.title);
  const hue = hash % 360;
  const accent = (hue + 40 + ((hash >>> 9) % 80)) % 360;
  const lines = wrapTitle(anime.title);
  const lineHeight = 34;
  const firstLine = HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2;
  const caption = [anime.kind ? KIND_LABELS[anime.kind] : null, anime.year].filter(Boolean).join(' · ');
  const text = lines
    .map(
      (line, index) =>
        `<text x="150" y="${firstLine + index * lineHeight}" text-anchor="middle" font-size="26" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(anime.title)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 32%)"/><stop offset="1" stop-color="hsl(${accent} 60% 18%)"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>`,
    `<circle cx="250" cy="70" r="90" fill="hsl(${accent} 70% 60%)" opacity="0.18"/>`,
    `<g font-family="system-ui, 'Segoe UI', Roboto, sans-serif">${text}`,
    caption ? `<text x="150" y="${HEIGHT - 36}" text-anchor="middle" font-size="18" fill="#fff" opacity="0.8">${escapeXml(caption)}</text>` : '',
    `</g></svg>`,
  ].join('');
}
