import type { TrackChoice, TrackKind } from '@portal/contracts';

/**
 * Which voice-over and subtitles to play, as Anime365's players choose them: the viewer's choice for the
 * title, else the one they choose most often, else a track of the same kind (a voice-over in the same
 * language), else the playlist's default. Pure: the player's hook (features/player/hooks/useTrackChoice) and
 * the watch party's (the host's tracks for the room) feed it hls.js' tracks.
 */

/** A rendition as hls.js lists it (`hls.audioTracks`, `hls.subtitleTracks`): the playlist's NAME and LANGUAGE. */
export interface MediaTrack {
  name: string;
  lang?: string | null;
  /** DEFAULT=YES in the playlist. */
  default?: boolean;
}

/** What a viewer chose for one title: the server's answer for a signed-in viewer, local storage for a guest. */
export type TitleTrackChoice = Pick<TrackChoice, 'audio' | 'subtitles' | 'subtitlesChosen'>;

/** The viewer's side of the decision: the title's choice and, signed in, the usual names. */
export interface TrackPreferences {
  /** Signed in: the server's TrackChoice; null for a guest (or while the server could not answer). */
  server: TrackChoice | null;
  /** A guest's choice for the title from local storage; ignored when `server` is given. */
  local?: TitleTrackChoice | null;
  /** Languages of names seen in earlier playlists (`name → lang`), to find a track "of the same kind". */
  knownLanguages?: Readonly<Record<string, string>>;
}

/** Why a track was picked (tests, and the reader of this module). */
export type PickReason = 'chosen' | 'usual' | 'same-language' | 'default' | 'off';

export interface TrackPick {
  /** Index into the offered tracks; -1: none (no tracks, or subtitles off). */
  index: number;
  by: PickReason;
}

export const NO_TRACK = -1;

export const NO_CHOICE: TitleTrackChoice = { audio: null, subtitles: null, subtitlesChosen: false };

/** ISO 639-2 codes a source may carry, to the ISO 639-1 the playlists prefer. */
const TWO_LETTER: Readonly<Record<string, string>> = { jpn: 'ja', rus: 'ru', eng: 'en', ukr: 'uk', kor: 'ko', chi: 'zh', zho: 'zh' };

/** `ja`, `JA`, `ja-JP`, `jpn` → `ja`; nothing (or `und`) → null. */
export function normalizeLanguage(lang: string | null | undefined): string | null {
  const primary = lang?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (!/^[a-z]{2,3}$/.test(primary) || primary === 'und') return null;
  return TWO_LETTER[primary] ?? primary;
}

/** Names that say their language (the transcoder names a stream without a title tag «Японский», see docs/media.md). */
const NAMED_LANGUAGES: ReadonlyArray<{ lang: string; pattern: RegExp }> = [
  { lang: 'ja', pattern: /оригинал|original|японск|japanese/i },
  { lang: 'ru', pattern: /русск|russian/i },
  { lang: 'en', pattern: /английск|english/i },
];

/** The transcoder's name of a stream with neither a title nor a language («Дорожка 2»). */
const UNNAMED = /^дорожка \d+$/i;

/**
 * The language of a track known only by its name (the viewer's choice on another title or episode):
 * what an earlier playlist said of that name; else what the name says («Оригинал», «Японский»); else,
 * for a team's name («AniLibria»), Russian: the portal's voice-over and subtitle teams are Russian ones.
 */
export function languageOfName(name: string, knownLanguages: Readonly<Record<string, string>> = {}): string | null {
  const known = normalizeLanguage(knownLanguages[name]);
  if (known) return known;
  const named = NAMED_LANGUAGES.find(({ pattern }) => pattern.test(name));
  if (named) return named.lang;
  if (UNNAMED.test(name.trim())) return null;
  return 'ru';
}

const indexOfName = (tracks: readonly MediaTrack[], name: string | null | undefined) => (name ? tracks.findIndex((track) => track.name === name) : NO_TRACK);

function indexOfLanguage(tracks: readonly MediaTrack[], names: ReadonlyArray<string | null | undefined>, known: Readonly<Record<string, string>>): number {
  for (const name of names) {
    if (!name) continue;
    const lang = languageOfName(name, known);
    if (!lang) continue;
    const index = tracks.findIndex((track) => normalizeLanguage(track.lang) === lang);
    if (index !== NO_TRACK) return index;
  }
  return NO_TRACK;
}

/** The rules (a)–(c) shared by both kinds; null when none applies. */
function pickByPreference(
  tracks: readonly MediaTrack[],
  chosen: string | null,
  usual: string | null,
  known: Readonly<Record<string, string>>,
): TrackPick | null {
  const byChoice = indexOfName(tracks, chosen);
  if (byChoice !== NO_TRACK) return { index: byChoice, by: 'chosen' };
  const byUsual = indexOfName(tracks, usual);
  if (byUsual !== NO_TRACK) return { index: byUsual, by: 'usual' };
  const byLanguage = indexOfLanguage(tracks, [chosen, usual], known);
  if (byLanguage !== NO_TRACK) return { index: byLanguage, by: 'same-language' };
  return null;
}

const ownChoice = ({ server, local }: TrackPreferences): TitleTrackChoice => server ?? local ?? NO_CHOICE;

/**
 * The voice-over to play: (a) the one chosen for this title, if offered; (b) the viewer's usual one;
 * (c) the first one in the language of either; (d) the playlist's default (else the first).
 */
export function pickAudioTrack(tracks: readonly MediaTrack[], preferences: TrackPreferences): TrackPick {
  if (tracks.length === 0) return { index: NO_TRACK, by: 'default' };
  const picked = pickByPreference(tracks, ownChoice(preferences).audio, preferences.server?.usualAudio ?? null, preferences.knownLanguages ?? {});
  if (picked) return picked;
  return {
    index: Math.max(
      0,
      tracks.findIndex((track) => track.default),
    ),
    by: 'default',
  };
}

/**
 * The subtitles to show (-1: none): off when the viewer turned them off for this title; else (a)–(c) as
 * for the voice-over, where the kind is the language; else (d) the playlist's default, or none.
 */
export function pickSubtitleTrack(tracks: readonly MediaTrack[], preferences: TrackPreferences): TrackPick {
  const own = ownChoice(preferences);
  if (own.subtitlesChosen && own.subtitles === null) return { index: NO_TRACK, by: 'off' };
  if (tracks.length === 0) return { index: NO_TRACK, by: 'default' };
  const picked = pickByPreference(tracks, own.subtitles, preferences.server?.usualSubtitles ?? null, preferences.knownLanguages ?? {});
  if (picked) return picked;
  const index = tracks.findIndex((track) => track.default);
  return index === NO_TRACK ? { index: NO_TRACK, by: 'off' } : { index, by: 'default' };
}

/** The title's choice after the viewer picked `name` (null: subtitles off) of `kind`: the optimistic cache and a guest's storage. */
export function withTrackChosen<T extends TitleTrackChoice>(choice: T, kind: TrackKind, name: string | null): T {
  return kind === 'audio' ? { ...choice, audio: name } : { ...choice, subtitles: name, subtitlesChosen: true };
}

const displayNames = (locale: string): Intl.DisplayNames | null => {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' });
  } catch {
    return null;
  }
};
const RUSSIAN_NAMES = displayNames('ru');
const ENGLISH_NAMES = displayNames('en');

const languageName = (names: Intl.DisplayNames | null, lang: string): string | null => {
  try {
    const name = names?.of(lang);
    return name && name.toLowerCase() !== lang ? name.toLowerCase() : null;
  } catch {
    return null;
  }
};

/**
 * What the menu shows: the NAME, with its language in brackets when the name does not say it
 * («AniLibria (русский)», «Оригинал (японский)»; «Японский» stays as it is).
 */
export function trackLabel(track: MediaTrack): string {
  const lang = normalizeLanguage(track.lang);
  if (!lang) return track.name;
  const russian = languageName(RUSSIAN_NAMES, lang) ?? lang;
  const english = languageName(ENGLISH_NAMES, lang);
  const name = track.name.toLowerCase();
  // «японский» is said by «Японский», «японская», «Оригинал (японский)»: compare without the ending.
  const stem = russian.length > 4 ? russian.slice(0, -2) : russian;
  const says = name.includes(stem) || (english !== null && name.includes(english));
  return says ? track.name : `${track.name} (${russian})`;
}
