import { z } from 'zod';
import { withoutBidiControls, withoutInvisibles } from '../validation/invisible-characters';
import { boundedInteger as integer, withoutNul as noNul } from '../validation/common.schemas';
import {
  CARD_AWAIT_MAX_MS,
  CARD_DESCRIPTION_MAX,
  CARD_FILE_PATTERN,
  CARD_MESSAGES,
  CARD_RARITIES,
  CARD_TITLE_MAX,
  CARD_WEIGHT_MAX,
  type CardRarity,
} from './cards.dto';

// Cards (docs/rewards.md, «Карточки»): the gateway parses every request with these, the rewards
// service parses what it receives with the same ones.

const title = z
  .string({ error: CARD_MESSAGES.title })
  .overwrite(withoutInvisibles)
  .trim()
  .min(1, { error: CARD_MESSAGES.title })
  .max(CARD_TITLE_MAX, { error: CARD_MESSAGES.title })
  .refine(noNul, { error: CARD_MESSAGES.title });
const description = z
  .string({ error: CARD_MESSAGES.description })
  .overwrite(withoutBidiControls)
  .trim()
  .max(CARD_DESCRIPTION_MAX, { error: CARD_MESSAGES.description })
  .refine(noNul, { error: CARD_MESSAGES.description });
const rarity = z.enum(CARD_RARITIES as unknown as [CardRarity, ...CardRarity[]], { error: CARD_MESSAGES.rarity });
// Multipart fields arrive as text: "40" is 40 (boundedInteger reads digits).
const weight = integer(1, CARD_WEIGHT_MAX, CARD_MESSAGES.weight);

export const cardIdParamsSchema = z.object({ id: z.uuid(CARD_MESSAGES.id) });

/** POST /api/admin/cards: the form's fields, and the stored file's name the gateway adds. */
export const cardCreateSchema = z.object({
  title,
  description: description.default(''),
  rarity,
  weight,
  file: z.string({ error: CARD_MESSAGES.file }).regex(CARD_FILE_PATTERN, { error: CARD_MESSAGES.file }),
});
export type CardCreateRequest = z.infer<typeof cardCreateSchema>;

/** PUT /api/admin/cards/{id}: the fields given (at least one). */
export const cardUpdateSchema = z
  .object({ id: z.uuid(CARD_MESSAGES.id), title: title.optional(), description: description.optional(), rarity: rarity.optional(), weight: weight.optional() })
  .refine(({ id: _id, ...fields }) => Object.values(fields).some((value) => value !== undefined), { error: CARD_MESSAGES.nothingToUpdate });
export type CardUpdateRequest = z.infer<typeof cardUpdateSchema>;

/** `rewards.grant.await`: `since` (ISO time) makes a grant stored before it count as none (the list card of an earlier update). */
export const cardGrantAwaitSchema = z.object({
  key: z.string({ error: CARD_MESSAGES.key }).min(1, { error: CARD_MESSAGES.key }).max(200, { error: CARD_MESSAGES.key }),
  waitMs: integer(0, CARD_AWAIT_MAX_MS, CARD_MESSAGES.waitMs),
  since: z.iso.datetime({ error: CARD_MESSAGES.key }).optional(),
});
export type CardGrantAwaitRequest = z.infer<typeof cardGrantAwaitSchema>;
