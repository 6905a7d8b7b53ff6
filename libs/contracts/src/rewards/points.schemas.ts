import { z } from 'zod';
import { POINTS_MESSAGES } from './points.dto';

// Points, the roulette and achievements (docs/rewards.md): the gateway parses every request with
// these, the rewards service parses what it receives with the same ones.

/** `<ISO time>_<entry uuid>`: the last entry of the previous page. */
const cursor = z.string({ error: POINTS_MESSAGES.cursor }).regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[0-9a-f-]{36}$/, { error: POINTS_MESSAGES.cursor });

/** GET /api/users/me/points?cursor. */
export const pointsHistoryQuerySchema = z.object({ cursor: cursor.optional() });
export type PointsHistoryQuery = z.infer<typeof pointsHistoryQuerySchema>;

/** POST /api/user/spin-roulette: SPEC names `cost` and `result`; whatever they hold is dropped, the server decides both. */
export const rouletteSpinBodySchema = z.object({ cost: z.unknown().optional(), result: z.unknown().optional() });
