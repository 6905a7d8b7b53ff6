import { z } from 'zod';
import { CATALOGUE_MESSAGES } from '@portal/contracts';

const animeIds = z
  .array(z.number({ error: 'Список аниме: ожидаются числовые идентификаторы' }).int().positive(), { error: 'Список аниме: ожидается массив идентификаторов' })
  .max(500, { error: 'В подборке не больше 500 аниме' });

const fields = {
  title: z.string({ error: CATALOGUE_MESSAGES.titleRequired }).trim().min(1, { error: CATALOGUE_MESSAGES.titleRequired }).max(200, { error: 'Название: не больше 200 символов' }),
  description: z.string({ error: 'Описание: ожидается строка' }).trim().max(5000, { error: 'Описание: не больше 5000 символов' }),
  featured: z.boolean({ error: 'Признак «на главной»: ожидается да или нет' }),
  animeIds,
  // Storage keys are produced by the gateway's upload handling, never typed by a user.
  cover: z.string().regex(/^collections\/[\w.-]+$/, { error: 'Некорректная обложка' }).nullable(),
};

export const collectionCreateSchema = z.object(fields).partial().required({ title: true });
export const collectionUpdateSchema = z.object(fields).partial();
