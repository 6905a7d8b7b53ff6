import { z } from 'zod';
import { ANIME_KINDS, ANIME_SORTS, ANIME_STATUSES, GENRES, SEASONS } from '@portal/contracts';

export const MAX_PAGE_SIZE = 50;

const optionalQueryValue = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const integerIn = (min: number, max: number, message: string) =>
  optionalQueryValue(z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));

const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  optionalQueryValue(z.enum(values, { error: message }));

export const pageSchema = z.object({
  page: integerIn(1, 100_000, 'Номер страницы должен быть целым числом от 1').default(1),
  limit: integerIn(1, MAX_PAGE_SIZE, `Размер страницы должен быть от 1 до ${MAX_PAGE_SIZE}`).default(20),
});

const scoreSchema = optionalQueryValue(
  z.coerce.number({ error: 'Оценка должна быть числом от 0 до 10' }).min(0, { error: 'Оценка должна быть числом от 0 до 10' }).max(10, { error: 'Оценка должна быть числом от 0 до 10' }),
);
const yearSchema = integerIn(1900, 2100, 'Год должен быть числом от 1900 до 2100');

export const genreSlugSchema = z.enum(GENRES.map((genre) => genre.slug) as [string, ...string[]], { error: 'Неизвестный жанр' });

export const animeListQuerySchema = pageSchema
  .extend({
    genre: optionalQueryValue(genreSlugSchema),
    kind: oneOf(ANIME_KINDS, `Тип должен быть одним из: ${ANIME_KINDS.join(', ')}`),
    status: oneOf(ANIME_STATUSES, `Статус должен быть одним из: ${ANIME_STATUSES.join(', ')}`),
    season: oneOf(SEASONS, `Сезон должен быть одним из: ${SEASONS.join(', ')}`),
    sort: oneOf(ANIME_SORTS, `Сортировка должна быть одной из: ${ANIME_SORTS.join(', ')}`).default('popularity'),
    year: yearSchema,
    yearFrom: yearSchema,
    yearTo: yearSchema,
    scoreMin: scoreSchema,
    scoreMax: scoreSchema,
    text: optionalQueryValue(z.string().trim().max(100, { error: 'Слишком длинный запрос: не больше 100 символов' })),
  })
  .refine((query) => query.yearFrom === undefined || query.yearTo === undefined || query.yearFrom <= query.yearTo, {
    path: ['yearTo'],
    error: 'Конечный год не может быть раньше начального',
  })
  .refine((query) => query.scoreMin === undefined || query.scoreMax === undefined || query.scoreMin <= query.scoreMax, {
    path: ['scoreMax'],
    error: 'Максимальная оценка не может быть меньше минимальной',
  });

export const genrePageSchema = pageSchema.extend({
  genre: z.string({ error: 'Укажите жанр' }).min(1, { error: 'Укажите жанр' }),
  sort: oneOf(ANIME_SORTS, `Сортировка должна быть одной из: ${ANIME_SORTS.join(', ')}`).default('popularity'),
});

/** Ids in URLs: positive integers only, so "abc" is a 400 and not a database error. */
export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'Идентификатор должен быть положительным целым числом' })
    .int({ error: 'Идентификатор должен быть положительным целым числом' })
    .positive({ error: 'Идентификатор должен быть положительным целым числом' })
    .max(2_147_483_647, { error: 'Идентификатор должен быть положительным целым числом' }),
});
