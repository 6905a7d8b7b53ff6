import { GENRES, type AnimeKind, type AnimeStatus } from '@portal/contracts';
import { stripBbcode } from './bbcode';
import type { ShikimoriAnime, ShikimoriCharacter, ShikimoriEntry, ShikimoriRole, ShikimoriScreenshot, ShikimoriVideo } from './shikimori.types';

/** Catalogue columns a Shikimori title provides; a value Shikimori does not know is left out, never nulled. */
export interface AnimeMetadata {
  title_ru?: string;
  title?: string;
  description?: string;
  genres?: string[];
  adult?: boolean;
  score?: number;
  status?: AnimeStatus;
  episodes?: number;
  duration_minutes?: number;
  kind?: AnimeKind;
  start_date?: string;
  end_date?: string;
  /** Written only on rows without a poster. */
  poster?: string;
}

export interface CharacterMetadata {
  shikimoriId: number;
  name: string;
  nameRu: string | null;
  image: string | null;
  role: 'main' | 'supporting';
  seiyuu: PersonMetadata[];
}

export interface PersonMetadata {
  shikimoriId: number;
  name: string;
  nameRu: string | null;
  image: string | null;
}

export interface VideoMetadata {
  name: string | null;
  kind: string;
  url: string;
  player_url: string | null;
}

const GENRE_BY_NAME = new Map(GENRES.map((genre) => [genre.nameEn.toLowerCase(), genre]));
/** MyAnimeList's newer names of genres our vocabulary knows by their older ones. */
const GENRE_ALIASES: Record<string, string> = { 'boys love': 'shounen-ai', 'girls love': 'shoujo-ai' };

const STATUS: Record<string, AnimeStatus> = { anons: 'announced', ongoing: 'ongoing', released: 'completed' };
const KIND: Record<string, AnimeKind> = {
  tv: 'tv',
  tv_13: 'tv',
  tv_24: 'tv',
  tv_48: 'tv',
  movie: 'movie',
  ova: 'ova',
  ona: 'ona',
  special: 'special',
  tv_special: 'special',
  music: 'music',
};
/** Shikimori's placeholder for an entry without a picture. */
const MISSING_IMAGE = /\/assets\/globals\/missing/;
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})/;

/** Shikimori answers with site-relative paths ("/system/..."), protocol-relative ones and http links. */
export function absoluteUrl(value: string | null | undefined, baseUrl: string): string | null {
  const raw = value?.trim();
  if (!raw || MISSING_IMAGE.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw.startsWith('//') ? `https:${raw}` : raw, baseUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // Mixed content: pages are served over https, so http links of other hosts are upgraded.
  if (url.protocol === 'http:' && url.origin !== new URL(baseUrl).origin) url.protocol = 'https:';
  return url.toString();
}

export function genreSlugs(genres: ShikimoriAnime['genres']): string[] {
  const slugs = new Set<string>();
  for (const genre of genres ?? []) {
    const name = genre.name.trim().toLowerCase();
    const slug = GENRE_ALIASES[name] ?? GENRE_BY_NAME.get(name)?.slug;
    if (slug) slugs.add(slug);
  }
  return [...slugs];
}

const ADULT_SLUGS = new Set(GENRES.filter((genre) => genre.adult).map((genre) => genre.slug));

const positive = (value: number | null | undefined): number | undefined => (typeof value === 'number' && value > 0 ? value : undefined);

export function toAnimeMetadata(anime: ShikimoriAnime, baseUrl: string): AnimeMetadata {
  const metadata: AnimeMetadata = {};
  const russian = anime.russian?.trim();
  if (russian) {
    metadata.title_ru = russian;
    metadata.title = russian;
  }
  const description = stripBbcode(anime.description);
  if (description) metadata.description = description;
  const genres = genreSlugs(anime.genres);
  if (genres.length > 0) {
    metadata.genres = genres;
    metadata.adult = genres.some((slug) => ADULT_SLUGS.has(slug)) || anime.rating === 'rx';
  }
  const score = Number(anime.score);
  // "0.0" is "not rated yet", not a score of zero.
  if (Number.isFinite(score) && score > 0 && score <= 10) metadata.score = Math.round(score * 100) / 100;
  const status = anime.status ? STATUS[anime.status] : undefined;
  if (status) metadata.status = status;
  // An ongoing title's `episodes` is 0 until the total is announced.
  const episodes = positive(anime.episodes);
  if (episodes !== undefined) metadata.episodes = episodes;
  const duration = positive(anime.duration);
  if (duration !== undefined) metadata.duration_minutes = duration;
  const kind = anime.kind ? KIND[anime.kind] : undefined;
  if (kind) metadata.kind = kind;
  const start = anime.aired_on?.match(ISO_DATE)?.[1];
  if (start) metadata.start_date = start;
  const end = anime.released_on?.match(ISO_DATE)?.[1];
  if (end) metadata.end_date = end;
  const poster = absoluteUrl(anime.image?.original, baseUrl);
  if (poster) metadata.poster = poster;
  return metadata;
}

const MAIN_ROLE = 'Main';
/**
 * Shikimori's voice roles are the language of the dub ("Japanese", "English", ...; Person::SEYU_ROLES
 * in its source), some clients and older dumps say "Seiyu".
 */
const VOICE_ROLES = new Set([
  'seiyu',
  'seiyuu',
  'japanese',
  'english',
  'italian',
  'hungarian',
  'german',
  'hebrew',
  'brazilian',
  'french',
  'spanish',
  'korean',
  'mandarin',
]);

export const isVoiceRole = (roles: string[]) => roles.some((role) => VOICE_ROLES.has(role.trim().toLowerCase()));

export function toPerson(entry: ShikimoriEntry, baseUrl: string): PersonMetadata {
  return { shikimoriId: entry.id, name: entry.name, nameRu: entry.russian?.trim() || null, image: absoluteUrl(entry.image?.original, baseUrl) };
}

/**
 * Characters of a title with their role. Shikimori's /animes/{id}/roles lists characters (roles "Main"
 * or "Supporting") and staff separately; its voice roles belong to characters, not to titles, so the
 * list does not pair them. An entry that does carry both a character and a person is taken as that
 * pairing; the voices of the rest come from /characters/{id} (see `withSeiyuu`).
 */
export function toCharacters(roles: ShikimoriRole[], baseUrl: string): CharacterMetadata[] {
  const characters = new Map<number, CharacterMetadata>();
  for (const role of roles) {
    if (!role.character) continue;
    const existing = characters.get(role.character.id);
    const character = existing ?? {
      shikimoriId: role.character.id,
      name: role.character.name,
      nameRu: role.character.russian?.trim() || null,
      image: absoluteUrl(role.character.image?.original, baseUrl),
      role: 'supporting' as const,
      seiyuu: [],
    };
    if (role.roles.includes(MAIN_ROLE)) character.role = 'main';
    if (role.person && !character.seiyuu.some((person) => person.shikimoriId === role.person!.id)) {
      character.seiyuu.push(toPerson(role.person, baseUrl));
    }
    characters.set(character.shikimoriId, character);
  }
  // Main characters first, as Shikimori shows them.
  return [...characters.values()].sort((a, b) => Number(b.role === 'main') - Number(a.role === 'main'));
}

/** Adds the voices of a character looked up on its own (GET /characters/{id}). */
export function withSeiyuu(character: CharacterMetadata, details: ShikimoriCharacter, baseUrl: string): CharacterMetadata {
  const seiyuu = [...character.seiyuu];
  for (const person of details.seyu ?? []) {
    if (!seiyuu.some((known) => known.shikimoriId === person.id)) seiyuu.push(toPerson(person, baseUrl));
  }
  return { ...character, nameRu: character.nameRu ?? (details.russian?.trim() || null), seiyuu };
}

export function toVideos(videos: ShikimoriVideo[], baseUrl: string): VideoMetadata[] {
  const result: VideoMetadata[] = [];
  for (const video of videos) {
    const url = absoluteUrl(video.url, baseUrl);
    if (!url) continue;
    result.push({ name: video.name?.trim() || null, kind: video.kind ?? 'other', url, player_url: absoluteUrl(video.player_url, baseUrl) });
  }
  return result;
}

export function toImages(screenshots: ShikimoriScreenshot[], baseUrl: string): Array<{ original: string; preview: string }> {
  const images: Array<{ original: string; preview: string }> = [];
  for (const screenshot of screenshots) {
    const original = absoluteUrl(screenshot.original, baseUrl);
    if (original) images.push({ original, preview: absoluteUrl(screenshot.preview, baseUrl) ?? original });
  }
  return images;
}
