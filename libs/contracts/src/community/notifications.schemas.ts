import { z } from 'zod';
import { absentWhenEmpty as absent } from '../validation/common.schemas';
import { NOTIFICATION_MESSAGES, NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_READ_IDS_MAX } from './notifications.dto';

// In-app notifications (docs/community.md): the gateway parses every request with these, and the
// community service parses what it receives with the same ones (so each accepts its own output).

/** An empty query value counts as absent. */

/** `<microseconds since the epoch>_<uuid>`: the position after the last item of a page. */
export const NOTIFICATION_CURSOR_PATTERN = /^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const limitField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value),
  z
    .number({ error: NOTIFICATION_MESSAGES.limit })
    .int({ error: NOTIFICATION_MESSAGES.limit })
    .min(1, { error: NOTIFICATION_MESSAGES.limit })
    .max(NOTIFICATIONS_PAGE_MAX, { error: NOTIFICATION_MESSAGES.limit }),
);

/** `true`/`false` from a query string, a boolean from the gateway's parsed value. */
const booleanField = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: NOTIFICATION_MESSAGES.unread }));

/** `GET /notifications?cursor&limit&unread`: newest first; `unread=true` lists only unread ones. */
export const notificationListQuerySchema = z.object({
  cursor: z.preprocess(
    absent,
    z.string({ error: NOTIFICATION_MESSAGES.cursor }).regex(NOTIFICATION_CURSOR_PATTERN, { error: NOTIFICATION_MESSAGES.cursor }).optional(),
  ),
  limit: z.preprocess(absent, limitField.optional()).default(NOTIFICATIONS_PAGE_DEFAULT),
  unread: z.preprocess(absent, booleanField.optional()).default(false),
});

/** `POST /notifications/read`: some of the caller's notifications by id, or all of them. */
export const notificationReadSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: NOTIFICATION_MESSAGES.id }), { error: NOTIFICATION_MESSAGES.id })
      .max(NOTIFICATIONS_READ_IDS_MAX, { error: NOTIFICATION_MESSAGES.tooManyIds })
      .optional(),
    all: z.boolean({ error: NOTIFICATION_MESSAGES.nothingToRead }).optional(),
  })
  .refine((body) => body.all === true || (body.ids !== undefined && body.ids.length > 0), { error: NOTIFICATION_MESSAGES.nothingToRead, path: ['ids'] });

export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;
export type NotificationReadRequest = z.output<typeof notificationReadSchema>;
