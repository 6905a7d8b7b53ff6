import { z } from 'zod';
import { METADATA_MESSAGES } from '../metadata.messages';

const MAX_IDS = 1000;

const shikimoriId = z
  .number({ error: METADATA_MESSAGES.shikimoriId })
  .int({ error: METADATA_MESSAGES.shikimoriId })
  .positive({ error: METADATA_MESSAGES.shikimoriId })
  .max(2_147_483_647, { error: METADATA_MESSAGES.shikimoriId });

/** A JSON number, or digits (forms and query strings send text). */
const shikimoriIdOrDigits = z.preprocess((value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value), shikimoriId);

const idParam = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value),
  z.number({ error: 'Идентификатор должен быть положительным целым числом' })
    .int({ error: 'Идентификатор должен быть положительным целым числом' })
    .positive({ error: 'Идентификатор должен быть положительным целым числом' })
    .max(2_147_483_647, { error: 'Идентификатор должен быть положительным целым числом' }),
);

export const metadataSyncSchema = z
  .object({
    shikimoriIds: z
      .array(shikimoriId, { error: METADATA_MESSAGES.shikimoriIdsList })
      .min(1, { error: METADATA_MESSAGES.nothingToSync })
      .max(MAX_IDS, { error: METADATA_MESSAGES.tooManyIds })
      .optional(),
    all: z.boolean({ error: 'all: ожидается true или false' }).optional(),
  })
  .refine((request) => request.all === true || request.shikimoriIds !== undefined, { path: ['shikimoriIds'], error: METADATA_MESSAGES.nothingToSync });

export const parserParseSchema = z.object({
  shikimoriId: shikimoriIdOrDigits,
  kodikId: z.preprocess(
    (value) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? String(value) : value === '' || value === null ? undefined : value),
    z.string({ error: METADATA_MESSAGES.kodikId }).trim().regex(/^[\w-]{1,100}$/, { error: METADATA_MESSAGES.kodikId }).optional(),
  ),
});

export const imagesSearchSchema = z.object({ id: idParam });

export const setBackgroundSchema = z.object({
  id: idParam,
  backgroundUrl: z
    .string({ error: METADATA_MESSAGES.backgroundUrl })
    .trim()
    .max(2000, { error: 'Ссылка на фон: не больше 2000 символов' })
    .regex(/^https?:\/\/[^\s"'<>]+$/i, { error: METADATA_MESSAGES.backgroundUrl }),
});
