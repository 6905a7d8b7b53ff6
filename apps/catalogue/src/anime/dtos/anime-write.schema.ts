import { z } from 'zod';
import { ANIME_KINDS, ANIME_STATUSES, CATALOGUE_MESSAGES, SEASONS } from '@portal/contracts';
import { genreSlugSchema } from './anime-query.schema';

const text = (max: number, label: string) =>
  z.string({ error: `${label}: ожидается строка` }).trim().max(max, { error: `${label}: не больше ${max} символов` });
const nullableText = (max: number, label: string) =>
  z.preprocess((value) => (value === '' ? null : value), text(max, label).nullable());
const nullableInt = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).nullable();
const imageUrl = z.preprocess(
  (value) => (value === '' ? null : value),
  z.string().trim().max(2000).regex(/^(https?:\/\/[^\s"'<>]+|\/api\/[^\s"'<>]+)$/, { error: CATALOGUE_MESSAGES.posterUrl }).nullable(),
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
  score: z.number({ error: 'Оценка должна быть числом от 0 до 10' }).min(0, { error: 'Оценка должна быть числом от 0 до 10' }).max(10, { error: 'Оценка должна быть числом от 0 до 10' }).nullable(),
  genres: z.array(genreSlugSchema, { error: 'Жанры: ожидается список' }).max(43),
  poster: imageUrl,
  imageUrl: imageUrl,
  idShiki: nullableInt(1, 2_147_483_647, 'Shikimori id должен быть положительным целым числом'),
});

export const animePatchSchema = animeWriteSchema.partial();
export const animeCreateSchema = animeWriteSchema.partial().required({ title: true });

export const savePosterSchema = z.object({
  animeId: z.coerce.number({ error: 'Идентификатор должен быть положительным целым числом' }).int().positive({ error: 'Идентификатор должен быть положительным целым числом' }),
  posterUrl: z.string({ error: CATALOGUE_MESSAGES.posterUrl }).trim().regex(/^https?:\/\/[^\s"'<>]+$/, { error: CATALOGUE_MESSAGES.posterUrl }),
});
