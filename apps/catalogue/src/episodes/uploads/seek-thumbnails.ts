/**
 * Seek thumbnails of an uploaded episode (docs/media.md, «Uploading episodes»): small pictures of the
 * episode every few seconds, tiled into JPEG sprites, and a WebVTT track naming the region of a sprite
 * for each stretch of time (`sprite-1.jpg#xywh=x,y,w,h`, the form hls.js players, Video.js and JW Player
 * read). The ffmpeg pass runs in the transcode worker; what it makes and the track are decided here.
 */

/** The rendition's subfolder of the sprites and the track. */
export const THUMBNAILS_FOLDER = 'thumbnails';
export const THUMBNAILS_VTT = 'thumbnails.vtt';
export const SPRITE_PATTERN = 'sprite-%d.jpg';
/** ffmpeg's image2 numbers from 1: SPRITE_PATTERN's file `n`. */
export const spriteName = (n: number) => `sprite-${n}.jpg`;

/** Width of a thumbnail; the height keeps the picture's aspect ratio (even). */
export const THUMBNAIL_WIDTH = 160;
/** Thumbnails per sprite, at most: 10 × 10 (a 24-minute episode is 3 sprites of about 100 KB). */
export const SPRITE_COLUMNS = 10;
export const SPRITE_ROWS = 10;
/** ffmpeg's mjpeg quality (`-q:v`, 2 best … 31 worst): a 160-pixel thumbnail needs no more. */
export const SPRITE_JPEG_QUALITY = 5;
/** One thumbnail every 2 s for short episodes, every 10 s at most; the interval grows to keep about this many. */
export const MIN_INTERVAL_SECONDS = 2;
export const MAX_INTERVAL_SECONDS = 10;
export const TARGET_THUMBNAILS = 300;
/**
 * How far the picture may end before the duration without a thumbnail going missing: the last
 * stretch shorter than this is left to the previous thumbnail (the picture can end a frame or two
 * before the container's duration, or seconds before when the sound runs on).
 */
const END_SLACK_SECONDS = 0.5;

/** Seconds between thumbnails: whole seconds, 2 to 10, the smallest that keeps to TARGET_THUMBNAILS. */
export function thumbnailInterval(durationSeconds: number): number {
  const wanted = Math.ceil(Math.max(0, durationSeconds) / TARGET_THUMBNAILS);
  return Math.min(MAX_INTERVAL_SECONDS, Math.max(MIN_INTERVAL_SECONDS, wanted));
}

/** How thumbnails sit in a sprite: a single row for a few, up to SPRITE_COLUMNS × SPRITE_ROWS. */
export interface SpriteLayout {
  columns: number;
  rows: number;
}

/** What the thumbnail pass makes for an episode. */
export interface ThumbnailPlan {
  /** The episode's duration: the cues cover 0 to it. */
  durationSeconds: number;
  intervalSeconds: number;
  /** Thumbnails: one at 0, then one every interval while there is picture. */
  count: number;
  /** The same for every sprite (ffmpeg's tile filter has one layout per pass); the last may be part empty. */
  layout: SpriteLayout;
  /** Sprites made: `sprite-1.jpg` … */
  sprites: number;
}

/**
 * The thumbnails of an episode of `durationSeconds` whose picture lasts `videoSeconds` (the lowest
 * rung's playlist; null when unknown). A thumbnail is made for each interval the picture reaches
 * (less END_SLACK_SECONDS), so every one the track names exists.
 */
export function thumbnailPlan(durationSeconds: number, videoSeconds: number | null = null): ThumbnailPlan {
  const intervalSeconds = thumbnailInterval(durationSeconds);
  const pictured = Math.min(durationSeconds, videoSeconds ?? durationSeconds);
  const count = Math.max(1, Math.ceil((pictured - END_SLACK_SECONDS) / intervalSeconds));
  const columns = Math.min(SPRITE_COLUMNS, count);
  const layout = { columns, rows: Math.min(SPRITE_ROWS, Math.ceil(count / columns)) };
  return { durationSeconds, intervalSeconds, count, layout, sprites: Math.ceil(count / (layout.columns * layout.rows)) };
}

export interface ThumbnailArgsInput {
  /** What is decoded: the lowest rung's media playlist (a 360p decode costs a seventh of a 1080p source's). */
  input: string;
  /** The thumbnails folder (it must exist), absolute. */
  outDir: string;
  plan: ThumbnailPlan;
}

/**
 * ffmpeg's arguments (after its global ones) for the sprites. `fps` with `start_time=0` and
 * `round=up` takes, for each multiple of the interval, the last frame at or before it (the first
 * thumbnail is the first frame even when it starts a little after 0); `trim` keeps `count` of them,
 * so a picture running past the plan adds no sprite the track does not name.
 */
export function thumbnailArgs({ input, outDir, plan }: ThumbnailArgsInput): string[] {
  const filters = [
    `fps=fps=1/${plan.intervalSeconds}:start_time=0:round=up`,
    `trim=end_frame=${plan.count}`,
    `scale=${THUMBNAIL_WIDTH}:-2`,
    `tile=${plan.layout.columns}x${plan.layout.rows}`,
  ];
  return [
    ...['-progress', 'pipe:1', '-nostats', '-i', input],
    ...['-map', '0:v:0', '-an', '-sn', '-dn', '-vf', filters.join(',')],
    ...['-q:v', String(SPRITE_JPEG_QUALITY), '-f', 'image2', '-start_number', '1', `${outDir}/${SPRITE_PATTERN}`],
  ];
}

/** A thumbnail's size in pixels. */
export interface TileSize {
  width: number;
  height: number;
}

/**
 * A thumbnail's size from a sprite's (every sprite of a pass has the layout's full size, the last one
 * padded); null when the sprite does not divide into the layout.
 */
export function tileOf(sprite: TileSize, layout: SpriteLayout): TileSize | null {
  const width = sprite.width / layout.columns;
  const height = sprite.height / layout.rows;
  return Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 ? { width, height } : null;
}

/** One cue of the track: a stretch of the episode and the sprite region that shows it. */
export interface ThumbnailCue {
  start: number;
  end: number;
  sprite: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The cues of a plan, back to back from 0 to the duration: thumbnail `i` stands for
 * [i × interval, (i + 1) × interval), the last one up to the duration.
 */
export function thumbnailCues(plan: ThumbnailPlan, tile: TileSize): ThumbnailCue[] {
  const perSprite = plan.layout.columns * plan.layout.rows;
  const cues: ThumbnailCue[] = [];
  for (let index = 0; index < plan.count; index++) {
    const start = index * plan.intervalSeconds;
    const last = index === plan.count - 1;
    const place = index % perSprite;
    cues.push({
      start,
      end: last ? Math.max(plan.durationSeconds, start + 0.001) : start + plan.intervalSeconds,
      sprite: spriteName(Math.floor(index / perSprite) + 1),
      x: (place % plan.layout.columns) * tile.width,
      y: Math.floor(place / plan.layout.columns) * tile.height,
      width: tile.width,
      height: tile.height,
    });
  }
  return cues;
}

/** `HH:MM:SS.mmm`, as WebVTT writes a cue's times (the hours always, so any length reads alike). */
export function vttTimestamp(seconds: number): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor((millis % 3_600_000) / 60_000);
  const secs = Math.floor((millis % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(millis % 1000, 3)}`;
}

/** The WebVTT track; sprites are named relative to it (they sit beside it). */
export function thumbnailsVtt(cues: readonly ThumbnailCue[]): string {
  const blocks = cues.map((cue) => `${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}\n${cue.sprite}#xywh=${cue.x},${cue.y},${cue.width},${cue.height}`);
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** The length of a media playlist: the sum of its segments' EXTINF; null when it has none. */
export function playlistSeconds(playlist: string): number | null {
  let total = 0;
  let segments = 0;
  for (const line of playlist.split(/\r?\n/)) {
    if (!line.startsWith('#EXTINF:')) continue;
    const seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
    if (!Number.isFinite(seconds) || seconds < 0) continue;
    total += seconds;
    segments += 1;
  }
  return segments > 0 ? total : null;
}

/** The size of a JPEG from its first frame header (SOF0–SOF15 but DHT, JPG and DAC); null when it is none. */
export function jpegSize(bytes: Uint8Array): TileSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length: TEM and RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = (bytes[offset + 2] << 8) | bytes[offset + 3];
    const frameHeader = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (frameHeader) {
      if (offset + 9 > bytes.length) return null;
      const height = (bytes[offset + 5] << 8) | bytes[offset + 6];
      const width = (bytes[offset + 7] << 8) | bytes[offset + 8];
      return width > 0 && height > 0 ? { width, height } : null;
    }
    // The image data starts (SOS) or ends (EOI) before any frame header: not a JPEG we can read.
    if (marker === 0xda || marker === 0xd9 || length < 2) return null;
    offset += 2 + length;
  }
  return null;
}
