/**
 * A review's text (plain, as written) as blocks to render with React: paragraphs (split on blank lines)
 * of lines (split on line breaks), and `[spoiler]…[/spoiler]` blocks holding paragraphs. Nothing is ever
 * HTML: every string here is rendered as text. A `[spoiler]` without its `[/spoiler]` (or a stray
 * `[/spoiler]`) stays as written, text like any other; spoilers do not nest (an inner `[spoiler]` is text).
 */
export interface ReviewParagraph {
  type: 'paragraph';
  lines: string[];
}
export interface ReviewSpoiler {
  type: 'spoiler';
  paragraphs: ReviewParagraph[];
}
export type ReviewBlock = ReviewParagraph | ReviewSpoiler;

const OPEN = /\[spoiler\]/i;
const CLOSE = /\[\/spoiler\]/i;

function paragraphs(text: string): ReviewParagraph[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.replace(/^\n+|\n+$/g, ''))
    .filter((chunk) => chunk.trim() !== '')
    .map((chunk) => ({ type: 'paragraph', lines: chunk.split('\n').map((line) => line.replace(/\s+$/, '')) }));
}

export function parseReview(text: string): ReviewBlock[] {
  const source = text.replace(/\r\n?/g, '\n');
  const blocks: ReviewBlock[] = [];
  let plain = '';
  let rest = source;
  for (;;) {
    const open = OPEN.exec(rest);
    if (!open) break;
    const afterOpen = rest.slice(open.index + open[0].length);
    const close = CLOSE.exec(afterOpen);
    if (!close) break; // unbalanced: the rest (the tag included) is text
    plain += rest.slice(0, open.index);
    const inner = paragraphs(afterOpen.slice(0, close.index));
    if (inner.length) {
      blocks.push(...paragraphs(plain));
      blocks.push({ type: 'spoiler', paragraphs: inner });
      plain = '';
    }
    // An empty spoiler shows nothing and does not split the paragraph around it.
    rest = afterOpen.slice(close.index + close[0].length);
  }
  blocks.push(...paragraphs(plain + rest));
  return blocks;
}

const textLength = (block: ReviewBlock): number =>
  block.type === 'paragraph' ? block.lines.join('\n').length : block.paragraphs.reduce((sum, p) => sum + textLength(p), 0);

/**
 * The list's preview: the first paragraphs (spoilers count as one, still collapsed) up to `maxChars`;
 * a first paragraph longer than that is cut at a word with «…». `truncated` when anything was left out.
 */
export function reviewExcerpt(blocks: ReviewBlock[], maxBlocks = 2, maxChars = 600): { blocks: ReviewBlock[]; truncated: boolean } {
  const picked: ReviewBlock[] = [];
  let used = 0;
  for (const block of blocks) {
    if (picked.length >= maxBlocks) break;
    const length = textLength(block);
    if (picked.length > 0 && used + length > maxChars) break;
    if (picked.length === 0 && block.type === 'paragraph' && length > maxChars) {
      const cut = block.lines.join('\n').slice(0, maxChars);
      const atWord = cut.replace(/\s+\S*$/, '');
      picked.push({ type: 'paragraph', lines: `${atWord || cut}…`.split('\n') });
      return { blocks: picked, truncated: true };
    }
    picked.push(block);
    used += length;
  }
  return { blocks: picked, truncated: picked.length < blocks.length };
}
