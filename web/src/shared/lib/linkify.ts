/** A piece of user text (chat messages, comments): plain text, or a web address that may be rendered as a link. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * Candidates start with http:// or https:// and run to the next whitespace; characters that would
 * close an attribute or start markup never belong to an address.
 */
const URL_CANDIDATE = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?…»]$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Drops sentence punctuation and unbalanced closing brackets from the end of a candidate. */
function trimCandidate(candidate: string): string {
  let value = candidate;
  for (;;) {
    const last = value.slice(-1);
    if (TRAILING_PUNCTUATION.test(last)) {
      value = value.slice(0, -1);
      continue;
    }
    const opener = CLOSERS[last];
    if (opener && value.split(opener).length <= value.split(last).length - 1) {
      value = value.slice(0, -1);
      continue;
    }
    return value;
  }
}

/** The href for a candidate, or null unless it parses as an http(s) address with a host. */
export function safeHref(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  return url.href;
}

/**
 * Splits user text into text and http(s) links. Nothing is interpreted as markup: the parts are
 * rendered as text nodes and anchors, so `<script>` or `javascript:` stay visible text.
 */
export function splitMessageText(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let textStart = 0;
  const pushText = (end: number) => {
    if (end > textStart) parts.push({ kind: 'text', text: text.slice(textStart, end) });
  };
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    // An address glued to a word ("xhttp://") is not a link.
    if (start > 0 && /[\p{L}\p{N}_]/u.test(text[start - 1] ?? '')) continue;
    const candidate = trimCandidate(match[0]);
    const href = safeHref(candidate);
    if (!href) continue;
    pushText(start);
    parts.push({ kind: 'link', text: candidate, href });
    textStart = start + candidate.length;
  }
  pushText(text.length);
  return parts;
}
