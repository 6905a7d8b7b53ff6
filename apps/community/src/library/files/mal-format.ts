import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type AnimeKind, COMMUNITY_MESSAGES, type ListStatus } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { type ExportedEntry, type ListFileEntry, lineAt, positiveId, scoreOf, wholeNumber } from './list-file';

/** MyAnimeList's statuses, by name (current exports) and by number (older ones). */
const MAL_STATUS: Record<string, ListStatus> = {
  watching: 'watching',
  completed: 'completed',
  'on-hold': 'on_hold',
  dropped: 'dropped',
  'plan to watch': 'planned',
  '1': 'watching',
  '2': 'completed',
  '3': 'on_hold',
  '4': 'dropped',
  '6': 'planned',
};
/**
 * Shikimori's `shiki_status`, written beside `my_status` in its MAL-shaped export: its six statuses,
 * by MAL's names plus `Rewatching` (as Shikimori writes them) or by its own codes.
 */
const SHIKI_STATUS: Record<string, ListStatus> = {
  'plan to watch': 'planned',
  planned: 'planned',
  watching: 'watching',
  rewatching: 'rewatching',
  completed: 'completed',
  'on-hold': 'on_hold',
  on_hold: 'on_hold',
  dropped: 'dropped',
};
const statusKey = (value: string | undefined) =>
  String(value ?? '')
    .trim()
    .toLowerCase();
const STATUS_NAME: Record<ListStatus, string> = {
  watching: 'Watching',
  completed: 'Completed',
  on_hold: 'On-Hold',
  dropped: 'Dropped',
  planned: 'Plan to Watch',
  rewatching: 'Rewatching',
};
const SERIES_TYPE: Record<AnimeKind, string> = { tv: 'TV', movie: 'Movie', ova: 'OVA', ona: 'ONA', special: 'Special', music: 'Music' };

type MalAnime = Record<string, string | undefined>;

/**
 * A document type declaration, or an entity declaration anywhere. MAL never writes one; in a file
 * from a user it can only be an attack: an external entity (`SYSTEM "file:///etc/passwd"`) or an
 * exponential expansion of internal ones ("billion laughs").
 */
const DOCTYPE_OR_ENTITY = /<!\s*(DOCTYPE|ENTITY)/i;

/**
 * Reads a MyAnimeList XML export; null when it is not one. A file with a DOCTYPE or an entity
 * declaration is refused (400) before any XML parser sees it.
 */
export function parseMal(content: string): ListFileEntry[] | null {
  if (DOCTYPE_OR_ENTITY.test(content)) throw RpcError.validation([{ field: 'file', message: COMMUNITY_MESSAGES.malDoctype }]);
  if (XMLValidator.validate(content) !== true) return null;
  let parsed: { myanimelist?: { anime?: MalAnime[] } | string };
  try {
    parsed = new XMLParser({ parseTagValue: false, trimValues: true, isArray: (name) => name === 'anime' }).parse(content) as typeof parsed;
  } catch {
    // Whatever the validator let through but the parser refuses is not a file we can read.
    return null;
  }
  if (parsed.myanimelist === undefined) return null;
  const items = typeof parsed.myanimelist === 'object' ? (parsed.myanimelist.anime ?? []) : [];
  const starts = [...content.matchAll(/<anime[\s>]/g)].map((match) => lineAt(content, match.index));
  return items.map((item, index) => {
    const flagged = item.my_rewatching === '1';
    const malStatus = MAL_STATUS[statusKey(item.my_status)] ?? null;
    // MAL marks a rewatch with a flag on a completed (or watching) entry.
    const fromMal = flagged && malStatus && ['completed', 'watching'].includes(malStatus) ? 'rewatching' : malStatus;
    // Shikimori's own status says what MAL's cannot (a rewatch is `Completed` or `Watching` there).
    const status = SHIKI_STATUS[statusKey(item.shiki_status)] ?? fromMal;
    const animeId = positiveId(item.series_animedb_id);
    return {
      line: starts[index] ?? 0,
      title: typeof item.series_title === 'string' && item.series_title !== '' ? item.series_title : null,
      animeId,
      status,
      // MAL keeps a rewatch's episodes apart; Shikimori's my_watched_episodes is the current pass.
      episodes: wholeNumber(flagged && status === 'rewatching' ? item.my_rewatching_ep : item.my_watched_episodes),
      score: scoreOf(item.my_score),
      // MAL and Shikimori's current export write my_times_watched; Shikimori's older one my_rewatches.
      rewatches: wholeNumber(item.my_times_watched ?? item.my_rewatches),
      problem: animeId === null ? 'id' : status === null ? 'status' : null,
    };
  });
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/**
 * A MyAnimeList XML export as MAL writes it: the <myinfo> header and every field of <anime> that its
 * importer reads. A rewatch is written as MAL keeps it: completed, with the rewatching flag and episode.
 * Each <anime> also has Shikimori's `shiki_status` (its importer reads it before `my_status`, and not
 * MAL's rewatching flag), so a rewatch imported there stays a rewatch.
 */
export function writeMal(user: { username: string }, entries: ExportedEntry[]): string {
  const count = (status: ListStatus) => entries.filter((entry) => entry.status === status).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    '<myanimelist>',
    '  <myinfo>',
    '    <user_id>0</user_id>',
    `    <user_name>${escapeXml(user.username)}</user_name>`,
    '    <user_export_type>1</user_export_type>',
    `    <user_total_anime>${entries.length}</user_total_anime>`,
    `    <user_total_watching>${count('watching')}</user_total_watching>`,
    `    <user_total_completed>${count('completed') + count('rewatching')}</user_total_completed>`,
    `    <user_total_onhold>${count('on_hold')}</user_total_onhold>`,
    `    <user_total_dropped>${count('dropped')}</user_total_dropped>`,
    `    <user_total_plantowatch>${count('planned')}</user_total_plantowatch>`,
    '  </myinfo>',
  ];
  for (const entry of entries) {
    const rewatching = entry.status === 'rewatching';
    const watched = rewatching ? (entry.totalEpisodes ?? entry.progress) : entry.progress;
    lines.push(
      '  <anime>',
      `    <series_animedb_id>${entry.animeId}</series_animedb_id>`,
      `    <series_title>${cdata(entry.title)}</series_title>`,
      `    <series_type>${entry.kind ? SERIES_TYPE[entry.kind] : 'Unknown'}</series_type>`,
      `    <series_episodes>${entry.totalEpisodes ?? 0}</series_episodes>`,
      '    <my_id>0</my_id>',
      `    <my_watched_episodes>${watched}</my_watched_episodes>`,
      '    <my_start_date>0000-00-00</my_start_date>',
      '    <my_finish_date>0000-00-00</my_finish_date>',
      '    <my_rated></my_rated>',
      `    <my_score>${entry.score ?? 0}</my_score>`,
      '    <my_storage></my_storage>',
      '    <my_storage_value>0.00</my_storage_value>',
      `    <my_status>${rewatching ? 'Completed' : STATUS_NAME[entry.status]}</my_status>`,
      `    <shiki_status>${STATUS_NAME[entry.status]}</shiki_status>`,
      `    <my_comments>${cdata('')}</my_comments>`,
      `    <my_times_watched>${entry.rewatches}</my_times_watched>`,
      '    <my_rewatch_value></my_rewatch_value>',
      '    <my_priority>LOW</my_priority>',
      `    <my_tags>${cdata('')}</my_tags>`,
      `    <my_rewatching>${rewatching ? 1 : 0}</my_rewatching>`,
      `    <my_rewatching_ep>${rewatching ? entry.progress : 0}</my_rewatching_ep>`,
      '    <my_discuss>1</my_discuss>',
      '    <my_sns>default</my_sns>',
      '    <update_on_import>1</update_on_import>',
      '  </anime>',
    );
  }
  lines.push('</myanimelist>', '');
  return lines.join('\n');
}
