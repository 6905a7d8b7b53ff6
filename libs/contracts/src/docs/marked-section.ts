/** A generated part of a doc page: the page's name (for errors) and the comments that bound the part. */
export interface Markers {
  page: string;
  begin: string;
  end: string;
}

/** Where the part sits: from just after its begin marker to its end marker. */
export function markedSection(text: string, { page, begin, end }: Markers): { start: number; end: number } {
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`${page} has no ${begin} … ${end} section`);
  return { start: start + begin.length, end: stop };
}

/** The part as written on the page. */
export function betweenMarkers(text: string, markers: Markers): string {
  const { start, end } = markedSection(text, markers);
  return text.slice(start, end);
}

/** The page with the part replaced by `content` (written as given, padding included). */
export function withBetweenMarkers(text: string, markers: Markers, content: string): string {
  const { start, end } = markedSection(text, markers);
  return `${text.slice(0, start)}${content}${text.slice(end)}`;
}
