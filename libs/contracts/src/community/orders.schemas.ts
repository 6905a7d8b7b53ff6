import { z } from 'zod';
import { withoutBidiControls, withoutInvisibles } from '../validation/invisible-characters';
import { MAX_INT32 as MAX_INT, absentWhenEmpty as absent, boundedInteger as integer, withoutNul as noNul } from '../validation/common.schemas';
import { ORDER_MESSAGES, ORDER_NOTE_MAX, ORDER_REASON_MAX, ORDER_SORTS, ORDER_STATUSES, ORDER_TITLE_MAX, ORDER_TITLE_MIN, ORDERS_PAGE_MAX } from './orders.dto';

// The order desk (docs/community.md, «Order desk»): the gateway parses every request with these, and
// the community parses what it receives with the same ones, so each schema accepts its own output.

/** Spaces collapsed, so «Death  Note » and «Death Note» are one title. */
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

const animeIdField = integer(1, MAX_INT, ORDER_MESSAGES.animeId);
const titleField = z
  .string({ error: ORDER_MESSAGES.title })
  .transform((text) => collapse(withoutInvisibles(text)))
  .pipe(z.string().min(ORDER_TITLE_MIN, { error: ORDER_MESSAGES.title }).max(ORDER_TITLE_MAX, { error: ORDER_MESSAGES.title }))
  .refine(noNul, { error: ORDER_MESSAGES.nul });
/** Plain text (shown as text, never as HTML), trimmed; absent means empty. */
const noteField = z
  .string({ error: ORDER_MESSAGES.note })
  .overwrite(withoutBidiControls)
  .trim()
  .max(ORDER_NOTE_MAX, { error: ORDER_MESSAGES.note })
  .refine(noNul, { error: ORDER_MESSAGES.nul });

/** POST /orders: a catalogue title or a typed name (exactly one), and an optional note. */
export const orderCreateSchema = z
  .object({
    animeId: z.preprocess(absent, animeIdField.optional()),
    title: z.preprocess(absent, titleField.optional()),
    note: z.preprocess(absent, noteField.optional()).transform((note) => note ?? ''),
  })
  .superRefine((value, ctx) => {
    if (value.animeId === undefined && value.title === undefined) ctx.addIssue({ code: 'custom', path: ['animeId'], message: ORDER_MESSAGES.titleOrAnime });
    if (value.animeId !== undefined && value.title !== undefined) ctx.addIssue({ code: 'custom', path: ['title'], message: ORDER_MESSAGES.bothGiven });
  });

/** GET /orders: ?status, ?sort=votes|date (votes by default), ?page. */
export const orderListQuerySchema = z.object({
  status: z.preprocess(absent, z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.status }).optional()),
  sort: z.preprocess(absent, z.enum(ORDER_SORTS, { error: ORDER_MESSAGES.sort }).optional()).transform((sort) => sort ?? 'votes'),
  page: z.preprocess(absent, integer(1, ORDERS_PAGE_MAX, ORDER_MESSAGES.page).optional()).transform((page) => page ?? 1),
});

export const orderParamsSchema = z.object({ id: z.uuid({ error: ORDER_MESSAGES.id }) });

const reasonField = z
  .string({ error: ORDER_MESSAGES.reason })
  .overwrite(withoutBidiControls)
  .trim()
  .max(ORDER_REASON_MAX, { error: ORDER_MESSAGES.reason })
  .refine(noNul, { error: ORDER_MESSAGES.nul });

/**
 * PUT /orders/{id}/status: the new status; a reason with `rejected` (and only then); `animeId` links
 * a typed request to its catalogue title (needed to release one).
 */
const statusFields = {
  status: z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.status }),
  reason: z.preprocess(absent, reasonField.optional()).transform((reason) => (reason ? reason : null)),
  animeId: z.preprocess(absent, animeIdField.optional()),
};

const reasonRule = (value: { status: string; reason: string | null }, ctx: z.RefinementCtx) => {
  if (value.status === 'rejected' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: ORDER_MESSAGES.reasonRequired });
  if (value.status !== 'rejected' && value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: ORDER_MESSAGES.reasonOnlyForRejected });
};

/**
 * PUT /orders/{id}/status: the new status; a reason with `rejected` (and only then); `animeId` links
 * a typed request to its catalogue title (needed to release one).
 */
export const orderStatusSchema = orderParamsSchema.extend(statusFields).superRefine(reasonRule);

export type OrderCreateRequest = z.output<typeof orderCreateSchema>;
export type OrderListRequest = z.output<typeof orderListQuerySchema>;
export type OrderIdRequest = z.output<typeof orderParamsSchema>;
export type OrderStatusRequest = z.output<typeof orderStatusSchema>;
