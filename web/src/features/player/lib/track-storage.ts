import { NO_CHOICE, normalizeLanguage, type MediaTrack, type TitleTrackChoice } from '../../../shared/video/track-choice';

/**
 * What the browser keeps of the viewer's tracks: a guest's choice per title (the server keeps a signed-in
 * viewer's), and the languages of the names seen in playlists, so a name chosen on another title still
 * tells its language («AniLibria» was Russian). Storage that is full or blocked keeps nothing, quietly.
 */

export const guestTracksKey = (animeId: number) => `player:tracks:${animeId}`;
export const KNOWN_LANGUAGES_KEY = 'player:track-languages';
/** The languages remembered, the latest seen kept. */
const KNOWN_LANGUAGES_MAX = 100;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked: the choice lasts as long as the page.
  }
}

const nameOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** A guest's choice for the title; nothing chosen when absent or unreadable. */
export function loadGuestChoice(animeId: number): TitleTrackChoice {
  const value = readJson(guestTracksKey(animeId));
  if (!value || typeof value !== 'object') return NO_CHOICE;
  const stored = value as Record<string, unknown>;
  return { audio: nameOrNull(stored.audio), subtitles: nameOrNull(stored.subtitles), subtitlesChosen: stored.subtitlesChosen === true };
}

export function saveGuestChoice(animeId: number, choice: TitleTrackChoice): void {
  writeJson(guestTracksKey(animeId), { audio: choice.audio, subtitles: choice.subtitles, subtitlesChosen: choice.subtitlesChosen });
}

export function loadKnownLanguages(): Record<string, string> {
  const value = readJson(KNOWN_LANGUAGES_KEY);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Adds the languages of a playlist's tracks; writes only when something is new. */
export function rememberLanguages(tracks: readonly MediaTrack[]): void {
  const known = loadKnownLanguages();
  const seen = tracks.flatMap((track) => {
    const lang = normalizeLanguage(track.lang);
    return lang && known[track.name] !== lang ? [[track.name, lang] as const] : [];
  });
  if (seen.length === 0) return;
  const names = Object.keys(known).filter((name) => !seen.some(([seenName]) => seenName === name));
  const kept = names.slice(Math.max(0, names.length + seen.length - KNOWN_LANGUAGES_MAX));
  writeJson(KNOWN_LANGUAGES_KEY, { ...Object.fromEntries(kept.map((name) => [name, known[name]])), ...Object.fromEntries(seen) });
}
