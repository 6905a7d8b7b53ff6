import type { QuizAttempt, QuizResult } from '@portal/contracts';

/**
 * One play of a quiz: the intro, then one question at a time with the answers chosen so far, then
 * the result. `timeUp`: the clock ran out and the answers so far are being sent.
 */
export type PlayState =
  | { phase: 'intro' }
  | { phase: 'playing'; attempt: QuizAttempt; index: number; answers: number[][]; timeUp: boolean }
  | { phase: 'result'; attempt: QuizAttempt; result: QuizResult };

export type PlayAction =
  | { type: 'started'; attempt: QuizAttempt }
  | { type: 'toggled'; option: number }
  | { type: 'moved'; by: 1 | -1 }
  | { type: 'time-up' }
  | { type: 'scored'; result: QuizResult }
  | { type: 'restarted' };

export const INITIAL_PLAY: PlayState = { phase: 'intro' };

/** A single-answer question keeps the last choice; a multiple-answer one toggles it in and out. */
export function toggleOption(chosen: number[], option: number, multiple: boolean): number[] {
  if (!multiple) return [option];
  return chosen.includes(option) ? chosen.filter((value) => value !== option) : [...chosen, option].sort((a, b) => a - b);
}

export function playReducer(state: PlayState, action: PlayAction): PlayState {
  switch (action.type) {
    case 'started':
      return { phase: 'playing', attempt: action.attempt, index: 0, answers: action.attempt.questions.map(() => []), timeUp: false };
    case 'restarted':
      return INITIAL_PLAY;
    case 'scored':
      return state.phase === 'playing' ? { phase: 'result', attempt: state.attempt, result: action.result } : state;
    default:
      break;
  }
  if (state.phase !== 'playing' || state.timeUp) return state;
  switch (action.type) {
    case 'toggled': {
      const question = state.attempt.questions[state.index];
      const answers = state.answers.map((chosen, index) => (index === state.index ? toggleOption(chosen, action.option, question.multiple) : chosen));
      return { ...state, answers };
    }
    case 'moved': {
      const index = Math.min(Math.max(state.index + action.by, 0), state.attempt.questions.length - 1);
      return { ...state, index };
    }
    case 'time-up':
      return { ...state, timeUp: true };
  }
}

/** Whole seconds left until `expiresAt` at `now` (never below 0); null for an untimed attempt. */
export function secondsLeft(expiresAt: string | null, now: number): number | null {
  if (expiresAt === null) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}
