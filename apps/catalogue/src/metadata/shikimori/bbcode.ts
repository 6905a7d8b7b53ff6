/**
 * Shikimori descriptions are BBCode: links to entries ("[character=17]Наруто[/character]"), styling,
 * spoilers, a source note. A plain-text description keeps the words people read on the site and
 * drops the markup, spoilers, the source note, embedded images and quotes of other users.
 */

/** Blocks whose content is not part of the description itself. */
const DROPPED_BLOCKS = ['spoiler', 'spoiler_block', 'source', 'quote', 'img', 'image', 'poster', 'code', 'replies', 'video'];

/** Tags whose markup goes and whose text stays. */
const KEPT_TAGS = [
  'b',
  'i',
  'u',
  's',
  'strike',
  'sub',
  'sup',
  'url',
  'character',
  'anime',
  'manga',
  'ranobe',
  'person',
  'people',
  'entry',
  'comment',
  'topic',
  'user',
  'club',
  'collection',
  'size',
  'color',
  'center',
  'right',
  'left',
  'div',
  'span',
  'p',
  'list',
  'h1',
  'h2',
  'h3',
  'h4',
  'hr',
  'br',
  'wall',
  'mention',
  'article',
  'contest',
  'review',
];

// The innermost block first: its content holds no opening tag of the same kind.
const dropped = new RegExp(String.raw`\[(${DROPPED_BLOCKS.join('|')})(?:[=\s][^\]]*)?\](?:(?!\[\1[=\s\]])[\s\S])*?\[\/\1\]`, 'gi');
const selfContained = new RegExp(String.raw`\[(?:${DROPPED_BLOCKS.join('|')})(?:[=\s][^\]]*)?\]`, 'gi');
const kept = new RegExp(String.raw`\[\/?(?:${KEPT_TAGS.join('|')})(?:[=\s][^\]]*)?\]`, 'gi');

export function stripBbcode(source: string | null | undefined): string | null {
  if (!source) return null;
  let text = source.replace(/\r\n?/g, '\n');
  // Nested spoilers: strip from the inside out until nothing changes.
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(dropped, '');
  }
  text = text
    .replace(selfContained, '')
    .replace(/\[\*\]/g, '\n• ')
    .replace(kept, '')
    // Wiki links: [[Коноха]] reads as Коноха, [[Коноха|Коноху]] as Коноху.
    .replace(/\[\[(?:[^\]|]*\|)?([^\]|]+)\]\]/g, '$1')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/ ([.,!?;:])/g, '$1')
    .trim();
  return text || null;
}
