import { z } from 'zod';

export const PAGE_LIMIT_MAX = 100;

/** `?page&limit` of a paged list; query strings arrive as text, so numbers are coerced. */
export const pageQuery = (defaultLimit = 20, maxLimit = PAGE_LIMIT_MAX) =>
  z.object({
    page: z.coerce
      .number()
      .int('Номер страницы должен быть целым числом')
      .min(1, 'Номер страницы должен быть не меньше 1')
      .max(100_000, 'Слишком большой номер страницы')
      .default(1),
    limit: z.coerce
      .number()
      .int('Число записей должно быть целым')
      .min(1, 'Число записей должно быть не меньше 1')
      .max(maxLimit, `Не больше ${maxLimit} записей на странице`)
      .default(defaultLimit),
  });

export const pageQuerySchema = pageQuery();

/** A numeric id as it arrives in a path (`/anime/20`): digits only, kept as text. */
export const numericId = (message = 'Некорректный идентификатор') =>
  z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, message);

export const uuid = (message = 'Некорректный идентификатор') => z.uuid(message);

/** A form field that may arrive as a string or a number; kept as text, at most `max` characters. */
export const looseText = (max = 1000) =>
  z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().max(max, `Не длиннее ${max} символов`));

/** A request that carries nothing. */
export const emptySchema = z.object({});

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_INT32 = 2_147_483_647;

/** An empty query value or a JSON null counts as absent. */
export const absentWhenEmpty = (value: unknown) => (value === null || value === '' ? undefined : value);

/** A number from JSON, or a numeric string (digits only) from a path or a query. */
export const numericText = (value: unknown) => (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value);

/** An integer in [min, max] from JSON or from a path or query string; one message for every way it can be wrong. */
export const boundedInteger = (min: number, max: number, message: string) =>
  z.preprocess(numericText, z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));

/** Text without a NUL character (PostgreSQL cannot store one). */
export const withoutNul = (text: string) => !text.includes('\u0000');
