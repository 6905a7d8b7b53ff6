import { z } from 'zod';
import { defineOperation } from '../operations/define-operation';
import { continueWatchingQuerySchema, progressSaveManySchema, progressTargetSchema } from './community.schemas';
import { continueWatchingItemSchema, progressDeletedSchema, progressPointSchema, progressSaveResultSchema } from './progress.answers';

/**
 * Watch progress (SPEC §7, docs/community.md): where the signed-in viewer stopped in each episode.
 * Saves are the gateway's own route (POST /api/progress): PROGRESS_SAVES_OPERATIONS.
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
    notes: '`limit` 1–50 (default 20). One item per title that is not completed or dropped in the list: a position with its `anime`.',
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

/**
 * The saves of POST /api/progress, which the gateway coalesces into one message per turn of its event
 * loop (apps/gateway/src/community/progress-batcher.ts). The message carries no user: each item names
 * its saver (the verified token's user, checked by the gateway's route), and is parsed and answered alone.
 */
export const PROGRESS_SAVES_OPERATIONS = {
  saveMany: defineOperation({
    pattern: 'community.progress.save-many',
    kind: 'write',
    access: 'public',
    summary: "Many viewers' saves, each answered in its place: its point, or its refusal",
    request: progressSaveManySchema,
    answer: z.array(progressSaveResultSchema),
  }),
};
