import { z } from 'zod';
import * as authAnswers from '../auth/auth.answers';
import * as animeRefAnswers from '../catalogue/anime-ref.answers';
import * as catalogueAdminAnswers from '../catalogue/catalogue-admin.answers';
import * as catalogueAnswers from '../catalogue/catalogue.answers';
import * as amvAnswers from '../community/amv.answers';
import * as commentAuthorAnswers from '../community/comment-author.answers';
import * as commentsAnswers from '../community/comments.answers';
import * as libraryAnswers from '../community/library.answers';
import * as newsAnswers from '../community/news.answers';
import * as notificationsAnswers from '../community/notifications.answers';
import * as ordersAnswers from '../community/orders.answers';
import * as profileActivityAnswers from '../community/profile-activity.answers';
import * as progressAnswers from '../community/progress.answers';
import * as trackChoiceAnswers from '../community/track-choices.answers';
import * as quizzesAnswers from '../community/quizzes.answers';
import * as rankingsAnswers from '../community/rankings.answers';
import * as reviewsAnswers from '../community/reviews.answers';
import * as episodeAnswers from '../media/episode.answers';
import * as episodeUploadAnswers from '../media/episode-uploads.answers';
import * as episodeTrackAnswers from '../media/episode-tracks.answers';
import * as bansAnswers from '../moderation/bans.answers';
import * as moderationAnswers from '../moderation/moderation.answers';
import * as reportsAnswers from '../moderation/reports.answers';
import * as chatAnswers from '../realtime/chat.answers';
import * as onlineAnswers from '../realtime/online.answers';
import * as watchPartyAnswers from '../realtime/watch-party.answers';
import * as rewardsAnswers from '../rewards/rewards.answers';
import { type OperationFeature, OPERATIONS } from './registry';
import { type AnyOperation, pathParamsOf, type RoutedOperation, sendsQuery, successStatusOf } from './define-operation';
import { betweenMarkers, type Markers, withBetweenMarkers } from '../docs/marked-section';

// The tables of docs/api.md's declared routes (`npm run docs:api`), made from the declarations: what a
// route takes and answers is read from its schemas, what it does from its summary and notes.

/** The page that shows the tables, each between its section's markers. */
export const API_PAGE = 'docs/api.md';

/** A section of docs/api.md: the features whose routes its table lists, and the paths it takes from other features. */
export interface ApiSection {
  key: string;
  features: readonly OperationFeature[];
  /** Routes under these paths are listed here whichever feature declares them (a news item's comments under News). */
  paths?: readonly string[];
}

/** The page's sections in its order; every feature with a route is in one (a feature without one, only called by services, is in none). */
export const API_SECTIONS: readonly ApiSection[] = [
  { key: 'accounts', features: ['accounts', 'session', 'telegram', 'auditLog', 'stats'] },
  { key: 'catalogue', features: ['anime', 'people', 'collections', 'episodes', 'animeAdmin', 'catalogueMetadata'] },
  { key: 'episode-uploads', features: ['episodeUploads', 'episodeTracks'] },
  { key: 'chat', features: ['chat', 'online'] },
  { key: 'watch-party', features: ['watchParty'] },
  { key: 'lists', features: ['lists', 'progress', 'trackChoices'] },
  { key: 'comments', features: ['comments'] },
  { key: 'reviews', features: ['reviews'] },
  { key: 'news', features: ['news'], paths: ['/news/'] },
  { key: 'amv', features: ['amv', 'amvPlaylist'], paths: ['/amv/'] },
  { key: 'orders', features: ['orders'] },
  { key: 'quizzes', features: ['quizzes'] },
  { key: 'cards', features: ['cards'] },
  { key: 'points', features: ['economy'] },
  { key: 'rankings', features: ['rankings'] },
  { key: 'profile-activity', features: ['profileActivity'] },
  { key: 'notifications', features: ['notifications'] },
  { key: 'reports', features: ['reports'] },
  { key: 'bans', features: ['bans'] },
];

/** A declared route as docs/api.md lists it. */
export interface ApiRow {
  feature: OperationFeature;
  operation: RoutedOperation;
}

/** The declared routes of each section: by its features' order, each in its declarations' order, then the routes it takes by path. */
export function sectionRows(): Map<string, ApiRow[]> {
  const rows = new Map(API_SECTIONS.map((section) => [section.key, [] as ApiRow[]]));
  for (const [feature, operations] of Object.entries(OPERATIONS) as [OperationFeature, Record<string, AnyOperation>][]) {
    for (const operation of Object.values(operations)) {
      if (!operation.http) continue;
      rows.get(sectionOf(feature, operation as RoutedOperation).key)?.push({ feature, operation: operation as RoutedOperation });
    }
  }
  for (const section of API_SECTIONS) {
    const rank = ({ feature }: ApiRow) => (section.features.includes(feature) ? section.features.indexOf(feature) : section.features.length);
    rows.get(section.key)?.sort((a, b) => rank(a) - rank(b));
  }
  return rows;
}

function sectionOf(feature: OperationFeature, operation: RoutedOperation): ApiSection {
  const byPath = API_SECTIONS.find((section) => section.paths?.some((prefix) => operation.http.path.startsWith(prefix)));
  const section = byPath ?? API_SECTIONS.find((candidate) => candidate.features.includes(feature));
  if (!section)
    throw new Error(
      `${operation.pattern}: its feature ${feature} has no section of ${API_PAGE}; add it to API_SECTIONS (libs/contracts/src/operations/api-table.ts)`,
    );
  return section;
}

/** One section's table in markdown. */
export function sectionTable(rows: readonly ApiRow[]): string {
  return [
    '| method | path | access | request | data | what it does |',
    '|---|---|---|---|---|---|',
    ...rows
      .map(({ operation }) =>
        [
          operation.http.method,
          `/api${operation.http.path.replace(/:(\w+)/g, '{$1}')}`,
          accessOf(operation),
          requestOf(operation),
          answerOf(operation),
          operation.notes ? `${operation.summary.replace(/[.!]?$/, '.')} ${operation.notes}` : operation.summary,
        ]
          .map(cell)
          .join(' | '),
      )
      .map((row) => `| ${row} |`),
  ].join('\n');
}

function accessOf(operation: AnyOperation): string {
  if (operation.creates === 'chat') return `${operation.access}, creates content (chat)`;
  if (operation.creates === 'content') return `${operation.access}, creates content`;
  return operation.access;
}

/** A table cell: one line, its pipes escaped (inside code spans too: GitHub splits a row on them). */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** The request's fields: the path parameters, then the query's or the body's top-level fields (`?` when optional). */
function requestOf(operation: RoutedOperation): string {
  const params = pathParamsOf(operation.http.path);
  const json = z.toJSONSchema(operation.request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const alternatives = (json.anyOf ?? json.oneOf ?? [json]).map((alternative) => fieldsOf(alternative, params)).filter((fields) => fields.length > 0);
  const parts = params.map((name) => `\`${name}\` (path)`);
  if (alternatives.length > 0) {
    const where = sendsQuery(operation.http.method) ? 'query' : 'body';
    const shown = alternatives.map((fields) => (where === 'query' ? `\`${fields.join(', ')}\`` : `\`{ ${fields.join(', ')} }\``));
    parts.push(`${where} ${shown.join(' or ')}`);
  }
  return parts.length > 0 ? parts.join('; ') : '–';
}

function fieldsOf(json: JsonSchema, params: readonly string[]): string[] {
  const merged = [json, ...(json.allOf ?? [])];
  const required = new Set(merged.flatMap((part) => part.required ?? []));
  const names = [...new Set(merged.flatMap((part) => Object.keys(part.properties ?? {})))];
  return names.filter((name) => !params.includes(name)).map((name) => (required.has(name) ? name : `${name}?`));
}

/** The answer in short, after its status when that is not 200: a named schema by its name, with its keys when they are few. */
function answerOf(operation: RoutedOperation): string {
  const status = successStatusOf(operation.http);
  return `${status === 200 ? '' : `${status} `}${describe(operation.answer, operation.http.page === true)}`;
}

/** An object's keys are listed when there are at most this many. */
const MAX_KEYS = 8;

function describe(answer: z.ZodType, page: boolean): string {
  if (page && answer instanceof z.ZodObject) {
    const items = (answer.shape as Record<string, z.ZodType>).items;
    const item = items instanceof z.ZodArray ? shapeOf(items.element as z.ZodType, 1) : 'items';
    return `\`Page<${item}>\` (the items in \`data\`, \`{ page, limit, total }\` in \`meta\`)`;
  }
  const inner = unwrapped(answer);
  if (inner instanceof z.ZodNullable) return `${describe(inner.unwrap() as z.ZodType, false)} or \`null\``;
  if (inner instanceof z.ZodArray) {
    const element = unwrapped(inner.element as z.ZodType);
    const keys = element instanceof z.ZodObject && nameOf(element) ? keysOf(element) : undefined;
    return `\`${wrapped(shapeOf(element, 1))}[]\`${keys ? `, each \`${keys}\`` : ''}`;
  }
  if (inner instanceof z.ZodObject && nameOf(inner)) {
    const keys = keysOf(inner);
    return keys ? `\`${nameOf(inner)} ${keys}\`` : `\`${nameOf(inner)}\``;
  }
  return `\`${shapeOf(inner, 0)}\``;
}

/** An object's keys, with the values worth naming (a literal, a named schema): `{ id, deleted: true }`; undefined when too many. */
function keysOf(schema: z.ZodObject): string | undefined {
  const keys = Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, value]) => (isSmall(value) ? `${key}: ${shapeOf(value, 1)}` : key));
  return keys.length > MAX_KEYS ? undefined : `{ ${keys.join(', ')} }`;
}

/** A schema without what does not change its shape: optional, default, readonly, a transform's input. */
function unwrapped(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodReadonly) return unwrapped(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return unwrapped((schema.out instanceof z.ZodTransform ? schema.in : schema.out) as z.ZodType);
  return schema;
}

function shapeOf(schema: z.ZodType, depth: number): string {
  const named = nameOf(schema);
  if (named) return named;
  const inner = unwrapped(schema);
  if (inner !== schema) return shapeOf(inner, depth);
  if (schema instanceof z.ZodNullable) return `${shapeOf(schema.unwrap() as z.ZodType, depth)} | null`;
  if (schema instanceof z.ZodArray) return `${wrapped(shapeOf(schema.element as z.ZodType, depth + 1))}[]`;
  if (schema instanceof z.ZodLiteral) return [...schema.values].map((value) => JSON.stringify(value)).join(' | ');
  if (schema instanceof z.ZodEnum) return schema.options.map(String).join(' | ');
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).map((option) => shapeOf(option, depth + 1)).join(' | ');
  if (schema instanceof z.ZodObject) {
    if (depth > 1) return '{ … }';
    const keys = Object.keys(schema.shape);
    if (depth === 0) return keysOf(schema) ?? `{ ${[...keys.slice(0, MAX_KEYS), '…'].join(', ')} }`;
    return `{ ${keys.length > MAX_KEYS ? [...keys.slice(0, MAX_KEYS), '…'].join(', ') : keys.join(', ')} }`;
  }
  return schema.def.type;
}

/** A key's value worth showing in an object's short form: a literal (`deleted: true`), a named schema, or a list or nullable of one. */
function isSmall(schema: z.ZodType): boolean {
  const inner = unwrapped(schema);
  if (inner instanceof z.ZodNullable || inner instanceof z.ZodArray)
    return isSmall((inner instanceof z.ZodArray ? inner.element : inner.unwrap()) as z.ZodType);
  return inner instanceof z.ZodLiteral || nameOf(inner) !== undefined;
}

const wrapped = (shape: string): string => (shape.includes(' | ') ? `(${shape})` : shape);

/** The exported answer schemas by identity: `commentItemSchema` is `CommentItem` (a module not listed here shows its schemas by their keys). */
const ANSWER_NAMES = new Map<unknown, string>();
for (const module of [
  authAnswers,
  animeRefAnswers,
  catalogueAdminAnswers,
  catalogueAnswers,
  amvAnswers,
  commentAuthorAnswers,
  commentsAnswers,
  libraryAnswers,
  newsAnswers,
  notificationsAnswers,
  ordersAnswers,
  profileActivityAnswers,
  progressAnswers,
  trackChoiceAnswers,
  quizzesAnswers,
  rankingsAnswers,
  reviewsAnswers,
  episodeAnswers,
  episodeUploadAnswers,
  episodeTrackAnswers,
  bansAnswers,
  moderationAnswers,
  reportsAnswers,
  chatAnswers,
  onlineAnswers,
  watchPartyAnswers,
  rewardsAnswers,
] as Record<string, unknown>[]) {
  for (const [name, value] of Object.entries(module)) {
    if (!(value instanceof z.ZodObject || value instanceof z.ZodUnion) || !name.endsWith('Schema') || ANSWER_NAMES.has(value)) continue;
    ANSWER_NAMES.set(value, name[0].toUpperCase() + name.slice(1, -'Schema'.length));
  }
}

function nameOf(schema: z.ZodType): string | undefined {
  const meta = z.globalRegistry.get(schema);
  const registered = meta?.id ?? meta?.title;
  return typeof registered === 'string' ? registered : ANSWER_NAMES.get(schema);
}

const markersOf = (key: string): Markers => ({ page: API_PAGE, begin: `<!-- operations:${key}:begin -->`, end: `<!-- operations:${key}:end -->` });

/** The page with every section's table between its markers replaced by the one the declarations make. */
export function withApiTables(page: string): string {
  const rows = sectionRows();
  let updated = page;
  for (const section of API_SECTIONS) {
    const table = (rows.get(section.key) ?? []).length > 0 ? sectionTable(rows.get(section.key) ?? []) : 'No declared routes.';
    updated = withBetweenMarkers(updated, markersOf(section.key), `\n${table}\n`);
  }
  const unknown = [...updated.matchAll(/<!-- operations:([\w-]+):begin -->/g)]
    .map((match) => match[1])
    .filter((key) => !API_SECTIONS.some((section) => section.key === key));
  if (unknown.length > 0) throw new Error(`${API_PAGE} has markers of sections API_SECTIONS does not name: ${unknown.join(', ')}`);
  return updated;
}

/** The section's table as written on the page, between its markers. */
export function documentedSection(page: string, key: string): string {
  return betweenMarkers(page, markersOf(key));
}
