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
export const numericId = (message = 'Некорректный идентификатор') => z.string().trim().regex(/^\d{1,15}$/, message);

export const uuid = (message = 'Некорректный идентификатор') => z.uuid(message);

/** A form field that may arrive as a string or a number; kept as text, at most `max` characters. */
export const looseText = (max = 1000) =>
  z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().max(max, `Не длиннее ${max} символов`));

/** A request that carries nothing. */
export const emptySchema = z.object({});
