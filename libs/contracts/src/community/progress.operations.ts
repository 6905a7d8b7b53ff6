import { z } from 'zod';
import { defineOperation } from '../operations/define-operation';
import { continueWatchingQuerySchema, progressTargetSchema } from './community.schemas';
import { continueWatchingItemSchema, progressDeletedSchema, progressPointSchema } from './progress.answers';

/**
 * Watch progress (SPEC §7, docs/community.md): where the signed-in viewer stopped in each episode.
 * Saves are the gateway's own route (POST /api/progress): it coalesces them into one
 * `community.progress.save-many` message per turn of its event loop (apps/gateway/src/community/progress-batcher.ts).
 */
export const PROGRESS_OPERATIONS = {
  get: defineOperation({
    pattern: 'community.progress.get',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/progress' },
    summary: "An episode's position, or without episode the title's latest; null when there is none",
    request: progressTargetSchema,
    answer: progressPointSchema.nullable(),
  }),
  continue: defineOperation({
    pattern: 'community.progress.continue',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/progress/continue' },
    summary: 'Continue watching: each unfinished title’s latest position, newest first',
    request: continueWatchingQuerySchema,
    answer: z.array(continueWatchingItemSchema),
  }),
  delete: defineOperation({
    pattern: 'community.progress.delete',
    kind: 'write',
    access: 'user',
    http: { method: 'DELETE', path: '/progress' },
    summary: "Forget an episode's position, or without episode every position of the title (in the query or the body)",
    request: progressTargetSchema,
    answer: progressDeletedSchema,
  }),
};
