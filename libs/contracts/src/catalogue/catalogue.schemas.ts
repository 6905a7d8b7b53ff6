import { z } from 'zod';
import { withoutBidiControls, withoutInvisibles } from '../validation/invisible-characters';
import { ANIME_KINDS, ANIME_SORTS, ANIME_STATUSES, SEASONS } from './anime.dto';
import { CATALOGUE_MESSAGES, GENRES } from './catalogue.labels';

/**
 * Request schemas of the catalogue: the gateway validates every query, param and body with them, and
 * the catalogue service parses what arrives over the transport with the same ones. Every output
 * parses again to itself, since the gateway forwards what it parsed.
 */

export const CATALOGUE_PAGE_LIMIT_MAX = 50;
/** Ids are Postgres integers: a catalogue id or a Shikimori id. */
const MAX_ID = 2_147_483_647;

// Query values ---------------------------------------------------------------------------------

/** An empty query value (`?genre=`) counts as absent. */
const optionalQueryValue = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const integerIn = (min: number, max: number, message: string) =>
  optionalQueryValue(z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));

const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) => optionalQueryValue(z.enum(values, { error: message }));

const sortSchema = oneOf(ANIME_SORTS, `Сортировка должна быть одной из: ${ANIME_SORTS.join(', ')}`).default('popularity');

/** `?page&limit` of the catalogue's lists (at most 50 a page). */
export const cataloguePageQuerySchema = z.object({
  page: integerIn(1, 100_000, 'Номер страницы должен быть целым числом от 1').default(1),
  limit: integerIn(1, CATALOGUE_PAGE_LIMIT_MAX, `Размер страницы должен быть от 1 до ${CATALOGUE_PAGE_LIMIT_MAX}`).default(20),
});

const scoreSchema = optionalQueryValue(
  z.coerce
    .number({ error: 'Оценка должна быть числом от 0 до 10' })
    .min(0, { error: 'Оценка должна быть числом от 0 до 10' })
    .max(10, { error: 'Оценка должна быть числом от 0 до 10' }),
);
const yearSchema = integerIn(1900, 2100, 'Год должен быть числом от 1900 до 2100');

export const genreSlugSchema = z.enum(GENRES.map((genre) => genre.slug) as [string, ...string[]], { error: 'Неизвестный жанр' });

/** GET /anime: filters, sort and page. */
export const animeListQuerySchema = cataloguePageQuerySchema
  .extend({
    genre: optionalQueryValue(genreSlugSchema).describe('genre slug, see GET /api/genres'),
    kind: oneOf(ANIME_KINDS, `Тип должен быть одним из: ${ANIME_KINDS.join(', ')}`),
    status: oneOf(ANIME_STATUSES, `Статус должен быть одним из: ${ANIME_STATUSES.join(', ')}`),
    season: oneOf(SEASONS, `Сезон должен быть одним из: ${SEASONS.join(', ')}`),
    sort: sortSchema,
    year: yearSchema,
    yearFrom: yearSchema,
    yearTo: yearSchema,
    scoreMin: scoreSchema,
    scoreMax: scoreSchema,
    text: optionalQueryValue(z.string().trim().max(100, { error: CATALOGUE_MESSAGES.searchTooLong })).describe('words of a title or of the description'),
  })
  .refine((query) => query.yearFrom === undefined || query.yearTo === undefined || query.yearFrom <= query.yearTo, {
    path: ['yearTo'],
    error: 'Конечный год не может быть раньше начального',
  })
  .refine((query) => query.scoreMin === undefined || query.scoreMax === undefined || query.scoreMin <= query.scoreMax, {
    path: ['scoreMax'],
    error: 'Максимальная оценка не может быть меньше минимальной',
  });

/**
 * GET /genre/{genre} (`catalogue.genre.anime`): the genre of the path with the page and sort of the query.
 * An unknown slug is the catalogue's 404, only an absurd one a 400 here.
 */
export const genrePageRequestSchema = cataloguePageQuerySchema.extend({
  sort: sortSchema,
  genre: z.string({ error: 'Укажите жанр' }).min(1, { error: 'Укажите жанр' }).max(64, { error: 'Неизвестный жанр' }),
});

/** GET /characters */
export const charactersQuerySchema = cataloguePageQuerySchema.extend({
  search: optionalQueryValue(z.string().trim().max(100, { error: CATALOGUE_MESSAGES.searchTooLong })),
});

// Ids --------------------------------------------------------------------------------------------

const idMessage = { error: 'Идентификатор должен быть положительным целым числом' };

/** An id in a URL (a title's also by its Shikimori id): a positive integer, so "abc" is a 400 and not a database error. */
export const catalogueId = z.coerce.number(idMessage).int(idMessage).positive(idMessage).max(MAX_ID, idMessage);

/** `{id}` of /anime, /collections, /characters and /seiyuu. */
export const catalogueIdParamsSchema = z.object({ id: catalogueId });

/** `catalogue.anime.refs`: other services' lookups of display slices, by catalogue or Shikimori id. */
export const animeRefsRequestSchema = z.object({ ids: z.array(catalogueId).max(1000) });

// Search -----------------------------------------------------------------------------------------

const searchText = z
  .string({ error: CATALOGUE_MESSAGES.searchTooShort })
  .trim()
  .min(1, { error: CATALOGUE_MESSAGES.searchTooShort })
  .max(100, { error: CATALOGUE_MESSAGES.searchTooLong });
const searchLimitMessage = { error: 'Лимит должен быть числом от 1 до 50' };
const searchLimit = (fallback: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number(searchLimitMessage).int(searchLimitMessage).min(1, searchLimitMessage).max(50, searchLimitMessage).default(fallback),
  );

/** GET /anime/search */
export const animeSearchQuerySchema = z.object({ title: searchText, limit: searchLimit(20) });
/** GET /anime/suggest */
export const animeSuggestQuerySchema = z.object({ q: searchText, limit: searchLimit(8) });

// An admin's writes -------------------------------------------------------------------------------

const text = (max: number, label: string) =>
  z
    .string({ error: `${label}: ожидается строка` })
    .trim()
    .max(max, { error: `${label}: не больше ${max} символов` });
const nullableText = (max: number, label: string) => z.preprocess((value) => (value === '' ? null : value), text(max, label).nullable());
const nullableInt = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).nullable();
const imageUrl = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string()
    .trim()
    .max(2000)
    .regex(/^(https?:\/\/[^\s"'<>]+|\/api\/[^\s"'<>]+)$/, { error: CATALOGUE_MESSAGES.posterUrl })
    .nullable(),
);

/** Every field an admin may set; unknown fields are dropped (no mass assignment of internals). */
export const animeWriteSchema = z.object({
  title: text(300, 'Название').min(1, { error: CATALOGUE_MESSAGES.titleRequired }),
  titleRu: nullableText(300, 'Русское название'),
  titleRomaji: text(300, 'Название ромадзи').min(1, { error: CATALOGUE_MESSAGES.titleRequired }),
  titleEn: nullableText(300, 'Английское название'),
  titleJa: nullableText(300, 'Японское название'),
  synonyms: z.array(text(300, 'Синоним').min(1), { error: 'Синонимы: ожидается список строк' }).max(50, { error: 'Не больше 50 синонимов' }),
  description: nullableText(20_000, 'Описание'),
  kind: z.enum(ANIME_KINDS, { error: `Тип должен быть одним из: ${ANIME_KINDS.join(', ')}` }).nullable(),
  status: z.enum(ANIME_STATUSES, { error: `Статус должен быть одним из: ${ANIME_STATUSES.join(', ')}` }),
  episodes: nullableInt(0, 100_000, 'Число серий должно быть целым от 0'),
  series: nullableInt(0, 100_000, 'Число серий должно быть целым от 0'),
  year: nullableInt(1900, 2100, 'Год должен быть числом от 1900 до 2100'),
  releaseYear: nullableInt(1900, 2100, 'Год должен быть числом от 1900 до 2100'),
  season: z.enum(SEASONS, { error: `Сезон должен быть одним из: ${SEASONS.join(', ')}` }).nullable(),
  score: z
    .number({ error: 'Оценка должна быть числом от 0 до 10' })
    .min(0, { error: 'Оценка должна быть числом от 0 до 10' })
    .max(10, { error: 'Оценка должна быть числом от 0 до 10' })
    .nullable(),
  genres: z.array(genreSlugSchema, { error: 'Жанры: ожидается список' }).max(43),
  poster: imageUrl,
  imageUrl: imageUrl,
  idShiki: nullableInt(1, MAX_ID, 'Shikimori id должен быть положительным целым числом'),
});

/** PUT/PATCH /anime/{id}: the fields sent are the ones changed. */
export const animePatchSchema = animeWriteSchema.partial();
/** `catalogue.anime.patch`: the title of the path with the body's fields (an `id` in the body is the path's). */
export const animePatchRequestSchema = animePatchSchema.extend(catalogueIdParamsSchema.shape);
/** POST /anime: only the title is required. */
export const animeCreateSchema = animeWriteSchema.partial().required({ title: true });

/** POST /anime/save-poster */
export const savePosterSchema = z.object({
  animeId: catalogueId,
  posterUrl: z
    .string({ error: CATALOGUE_MESSAGES.posterUrl })
    .trim()
    .max(2000, { error: 'Ссылка на постер: не больше 2000 символов' })
    .regex(/^https?:\/\/[^\s"'<>]+$/, { error: CATALOGUE_MESSAGES.posterUrl }),
});

// Collections ------------------------------------------------------------------------------------

const collectionFields = {
  title: z
    .string({ error: CATALOGUE_MESSAGES.titleRequired })
    .overwrite(withoutInvisibles)
    .trim()
    .min(1, { error: CATALOGUE_MESSAGES.titleRequired })
    .max(200, { error: 'Название: не больше 200 символов' }),
  description: z
    .string({ error: 'Описание: ожидается строка' })
    .overwrite(withoutBidiControls)
    .trim()
    .max(5000, { error: 'Описание: не больше 5000 символов' }),
  featured: z.boolean({ error: 'Признак «на главной»: ожидается да или нет' }),
  animeIds: z
    .array(z.number({ error: 'Список аниме: ожидаются числовые идентификаторы' }).int().positive().max(MAX_ID), {
      error: 'Список аниме: ожидается массив идентификаторов',
    })
    .max(500, { error: 'В подборке не больше 500 аниме' }),
  // Storage keys are produced by the gateway's upload handling, never typed by a user.
  cover: z
    .string()
    .max(200, { error: 'Некорректная обложка' })
    .regex(/^collections\/[\w.-]+$/, { error: 'Некорректная обложка' })
    .nullable(),
};

/** POST /collections (form fields, and the stored cover's key): only the title is required. */
export const collectionCreateSchema = z.object(collectionFields).partial().required({ title: true });
/** PUT /collections/{id}: the fields sent are the ones changed (`cover: null` drops the cover). */
export const collectionUpdateSchema = z.object(collectionFields).partial();
/** `catalogue.collection.update`: the collection of the path with the form's changes. */
export const collectionUpdateRequestSchema = catalogueIdParamsSchema.extend({ collection: collectionUpdateSchema });

// Shikimori metadata (admins) ---------------------------------------------------------------------

/** Russian messages of the metadata requests (admin screens show them as they are). */
const METADATA_MESSAGES = {
  shikimoriId: 'Shikimori id должен быть положительным целым числом',
  shikimoriIdsList: 'shikimoriIds: ожидается список Shikimori id',
  tooManyIds: 'Не больше 1000 Shikimori id за раз',
  nothingToSync: 'Укажите shikimoriIds или all: true',
  kodikId: 'kodikId: ожидается идентификатор Kodik (латинские буквы, цифры, - и _)',
  backgroundUrl: 'Ссылка на фон должна начинаться с https:// или http://',
} as const;

const MAX_SYNC_IDS = 1000;

const shikimoriId = z
  .number({ error: METADATA_MESSAGES.shikimoriId })
  .int({ error: METADATA_MESSAGES.shikimoriId })
  .positive({ error: METADATA_MESSAGES.shikimoriId })
  .max(MAX_ID, { error: METADATA_MESSAGES.shikimoriId });

/** A JSON number, or digits (forms and query strings send text). */
const digitsToNumber = (value: unknown) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value);

/** POST /admin/catalogue/sync */
export const metadataSyncSchema = z
  .object({
    shikimoriIds: z
      .array(shikimoriId, { error: METADATA_MESSAGES.shikimoriIdsList })
      .min(1, { error: METADATA_MESSAGES.nothingToSync })
      .max(MAX_SYNC_IDS, { error: METADATA_MESSAGES.tooManyIds })
      .optional(),
    all: z.boolean({ error: 'all: ожидается true или false' }).optional(),
  })
  .refine((request) => request.all === true || request.shikimoriIds !== undefined, { path: ['shikimoriIds'], error: METADATA_MESSAGES.nothingToSync });

/** POST /parser/parse */
export const parserParseSchema = z.object({
  shikimoriId: z.preprocess(digitsToNumber, shikimoriId),
  kodikId: z.preprocess(
    (value) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? String(value) : value === '' || value === null ? undefined : value),
    z
      .string({ error: METADATA_MESSAGES.kodikId })
      .trim()
      .regex(/^[\w-]{1,100}$/, { error: METADATA_MESSAGES.kodikId })
      .optional(),
  ),
});

/** `{id}` of /images/search and /images/set-background: digits only. */
export const metadataIdParamsSchema = z.object({
  id: z.preprocess(digitsToNumber, z.number(idMessage).int(idMessage).positive(idMessage).max(MAX_ID, idMessage)),
});

/** POST /images/set-background/{id} */
export const setBackgroundBodySchema = z.object({
  backgroundUrl: z
    .string({ error: METADATA_MESSAGES.backgroundUrl })
    .trim()
    .max(2000, { error: 'Ссылка на фон: не больше 2000 символов' })
    .regex(/^https?:\/\/[^\s"'<>]+$/i, { error: METADATA_MESSAGES.backgroundUrl }),
});
/** `catalogue.images.set-background`: the title of the path with the body's address. */
export const setBackgroundRequestSchema = metadataIdParamsSchema.extend(setBackgroundBodySchema.shape);

// Types (what the service receives) ---------------------------------------------------------------

export type CataloguePageRequest = z.output<typeof cataloguePageQuerySchema>;
export type AnimeListRequest = z.output<typeof animeListQuerySchema>;
/** The web client's question: every filter optional (the catalogue fills in page, limit and sort). */
export type AnimeListQuery = Partial<AnimeListRequest>;
export type GenrePageRequest = z.output<typeof genrePageRequestSchema>;
export type CharactersRequest = z.output<typeof charactersQuerySchema>;
export type CatalogueIdRequest = z.output<typeof catalogueIdParamsSchema>;
export type AnimeRefsRequest = z.output<typeof animeRefsRequestSchema>;
export type AnimeSearchRequest = z.output<typeof animeSearchQuerySchema>;
export type AnimeSuggestRequest = z.output<typeof animeSuggestQuerySchema>;
/** An admin's write: every field optional on PATCH/PUT; title required on POST. */
export type AnimeWrite = z.output<typeof animePatchSchema>;
export type AnimeCreate = z.output<typeof animeCreateSchema>;
export type AnimePatchRequest = z.output<typeof animePatchRequestSchema>;
export type SavePosterRequest = z.output<typeof savePosterSchema>;
export type CollectionWrite = z.output<typeof collectionUpdateSchema>;
export type CollectionCreate = z.output<typeof collectionCreateSchema>;
export type CollectionUpdateRequest = z.output<typeof collectionUpdateRequestSchema>;
export type MetadataSyncRequest = z.output<typeof metadataSyncSchema>;
export type ParserParseRequest = z.output<typeof parserParseSchema>;
export type MetadataIdRequest = z.output<typeof metadataIdParamsSchema>;
export type SetBackgroundRequest = z.output<typeof setBackgroundRequestSchema>;
