import { describe, expect, it } from 'vitest';
import { makeAttempt, makeResult } from '../testing/quiz-fixtures';
import { INITIAL_PLAY, playReducer, secondsLeft, toggleOption, type PlayState } from './quiz-play';

const started = (): PlayState => playReducer(INITIAL_PLAY, { type: 'started', attempt: makeAttempt() });

describe('playing a quiz', () => {
  it('starts at the first question with nothing chosen', () => {
    const state = started();
    expect(state).toMatchObject({ phase: 'playing', index: 0, timeUp: false });
    if (state.phase === 'playing') expect(state.answers).toEqual([[], [], []]);
  });

  it('keeps one choice for a single-answer question and toggles several for a multiple one', () => {
    expect(toggleOption([1], 2, false)).toEqual([2]);
    expect(toggleOption([2], 0, true)).toEqual([0, 2]);
    expect(toggleOption([0, 2], 2, true)).toEqual([0]);
    let state = playReducer(started(), { type: 'toggled', option: 1 });
    state = playReducer(state, { type: 'toggled', option: 2 });
    state = playReducer(state, { type: 'moved', by: 1 });
    state = playReducer(state, { type: 'toggled', option: 0 });
    state = playReducer(state, { type: 'toggled', option: 3 });
    expect(state).toMatchObject({ index: 1, answers: [[2], [0, 3], []] });
  });

  it('moves within the questions only', () => {
    let state = playReducer(started(), { type: 'moved', by: -1 });
    expect(state).toMatchObject({ index: 0 });
    for (let step = 0; step < 5; step++) state = playReducer(state, { type: 'moved', by: 1 });
    expect(state).toMatchObject({ index: 2 });
  });

  it('freezes the answers once the time is up, and shows the result once scored', () => {
    const timedOut = playReducer(playReducer(started(), { type: 'toggled', option: 1 }), { type: 'time-up' });
    expect(playReducer(timedOut, { type: 'toggled', option: 2 })).toBe(timedOut);
    const result = makeResult();
    expect(playReducer(timedOut, { type: 'scored', result })).toMatchObject({ phase: 'result', result });
    expect(playReducer(timedOut, { type: 'restarted' })).toEqual(INITIAL_PLAY);
  });

  it('counts the seconds left, never below zero', () => {
    expect(secondsLeft(null, 0)).toBeNull();
    expect(secondsLeft('2026-11-20T10:01:00.000Z', Date.parse('2026-11-20T10:00:00.500Z'))).toBe(60);
    expect(secondsLeft('2026-11-20T10:00:00.000Z', Date.parse('2026-11-20T10:00:05.000Z'))).toBe(0);
  });
});
