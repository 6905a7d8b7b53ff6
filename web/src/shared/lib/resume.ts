import type { ProgressPoint } from '@portal/contracts';

/** Below this a saved position is noise (the viewer barely started): start from the beginning. */
export const RESUME_MIN_SECONDS = 5;
/** Closer than this to the end the episode was finished: start it over rather than show the credits. */
export const RESUME_END_MARGIN_SECONDS = 15;

export type ResumeDecision = { kind: 'start' } | { kind: 'resume'; position: number };

/**
 * Whether to continue an episode where it was left. The player resumes automatically (no question
 * before the picture starts) and offers "Начать сначала" beside the notice instead.
 */
export function decideResume(point: Pick<ProgressPoint, 'position' | 'duration'> | null, durationHint: number | null = null): ResumeDecision {
  if (!point || !Number.isFinite(point.position) || point.position < RESUME_MIN_SECONDS) return { kind: 'start' };
  const duration = point.duration ?? durationHint;
  if (duration && point.position >= duration - RESUME_END_MARGIN_SECONDS) return { kind: 'start' };
  return { kind: 'resume', position: Math.floor(point.position) };
}
