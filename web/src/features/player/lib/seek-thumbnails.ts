/**
 * Seek thumbnails (docs/media.md, «Uploading episodes»): a WebVTT track whose cues name a region of a
 * sprite image for a stretch of the episode, `sprite-1.jpg#xywh=160,0,160,90`, as Video.js and JW
 * Player read them. Parsed once per episode; the scrubber asks for the thumbnail of a time.
 */

/** One thumbnail: the stretch it stands for (seconds) and where it is drawn in its sprite (pixels). */
export interface SeekThumbnail {
  start: number;
  end: number;
  /** The sprite's absolute URL. */
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An episode's thumbnails, by start time. */
export type SeekThumbnails = readonly SeekThumbnail[];

/** A cue time, `HH:MM:SS.mmm` or `MM:SS.mmm`, in seconds; null when it is none. */
export function parseVttTime(text: string): number | null {
  const match = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(text.trim());
  if (!match) return null;
  const [, hours = '0', minutes, seconds, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

const XYWH = /#xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)$/;

/**
 * The thumbnails of a track, their sprites resolved against the track's own URL (`vttUrl`, absolute).
 * Cues without a region or with times that do not read are left out; a text that is no WebVTT has none.
 */
export function parseThumbnailsVtt(text: string, vttUrl: string): SeekThumbnail[] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t\n]|$)/.test(lines)) return [];
  const thumbnails: SeekThumbnail[] = [];
  for (const block of lines.split(/\n{2,}/).slice(1)) {
    const rows = block.split('\n').filter((row) => row.trim() !== '');
    // An identifier may come before the times; NOTE, STYLE and REGION blocks have none.
    const timing = rows.findIndex((row) => row.includes('-->'));
    if (timing === -1) continue;
    const [startText, rest = ''] = rows[timing].split('-->');
    const start = parseVttTime(startText);
    const end = parseVttTime(rest.trim().split(/[ \t]/)[0] ?? '');
    const payload = rows[timing + 1]?.trim() ?? '';
    const region = XYWH.exec(payload);
    if (start === null || end === null || end <= start || !region) continue;
    let url: string;
    try {
      url = new URL(payload.slice(0, region.index), vttUrl).href;
    } catch {
      continue;
    }
    const [x, y, width, height] = region.slice(1).map(Number);
    if (width === 0 || height === 0) continue;
    thumbnails.push({ start, end, url, x, y, width, height });
  }
  return thumbnails.sort((a, b) => a.start - b.start);
}

/**
 * The thumbnail shown at `seconds`: the last cue starting at or before it, when it has not ended
 * (the last cue also at its very end, the end of the episode); null in a gap or outside them.
 */
export function thumbnailAt(thumbnails: SeekThumbnails, seconds: number): SeekThumbnail | null {
  let low = 0;
  let high = thumbnails.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (thumbnails[middle].start <= seconds) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  if (found === -1) return null;
  const thumbnail = thumbnails[found];
  const last = found === thumbnails.length - 1;
  return seconds < thumbnail.end || (last && seconds <= thumbnail.end) ? thumbnail : null;
}
