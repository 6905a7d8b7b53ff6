import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { quizKeys, startAttempt, submitAnswers } from '../api/quiz-api';
import { INITIAL_PLAY, playReducer, secondsLeft } from '../lib/quiz-play';

/** Ticks while `expiresAt` is ahead: the whole seconds left (null without a limit). */
function useSecondsLeft(expiresAt: string | null, running: boolean): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running || expiresAt === null) return;
    const tick = () => setNow(Date.now());
    // The first reading at once: `now` may date from before the attempt started.
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 250);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [expiresAt, running]);
  return secondsLeft(expiresAt, now);
}

/**
 * One play of a quiz: start (the server hands out the questions without answers), answer one question
 * at a time, submit; the server's score comes back. When the clock runs out the answers so far are
 * sent by themselves.
 */
export function useQuizPlay(quizId: string) {
  const client = useQueryClient();
  const [state, dispatch] = useReducer(playReducer, INITIAL_PLAY);
  const start = useMutation({ mutationFn: () => startAttempt(quizId), onSuccess: (attempt) => dispatch({ type: 'started', attempt }) });
  const submit = useMutation({
    mutationFn: submitAnswers,
    onSuccess: (result) => {
      dispatch({ type: 'scored', result });
      client.setQueriesData({ queryKey: quizKeys.one(quizId) }, (quiz: object | undefined) => (quiz ? { ...quiz, best: result.best } : quiz));
      void client.invalidateQueries({ queryKey: quizKeys.lists });
    },
  });
  const playing = state.phase === 'playing' ? state : null;
  const left = useSecondsLeft(playing?.attempt.expiresAt ?? null, Boolean(playing && !playing.timeUp));

  const send = useCallback(() => {
    if (!playing || submit.isPending) return;
    submit.mutate({ quizId, attemptId: playing.attempt.attemptId, answers: playing.answers });
  }, [playing, quizId, submit]);

  // Once, when the clock reaches zero: freeze the answers and send them.
  const sentOnTimeUp = useRef<string | null>(null);
  useEffect(() => {
    if (!playing || left !== 0 || sentOnTimeUp.current === playing.attempt.attemptId) return;
    sentOnTimeUp.current = playing.attempt.attemptId;
    dispatch({ type: 'time-up' });
    submit.mutate({ quizId, attemptId: playing.attempt.attemptId, answers: playing.answers });
  }, [left, playing, quizId, submit]);

  return {
    state,
    secondsLeft: left,
    start,
    submit,
    send,
    toggle: (option: number) => dispatch({ type: 'toggled', option }),
    move: (by: 1 | -1) => dispatch({ type: 'moved', by }),
    restart: () => {
      start.reset();
      submit.reset();
      dispatch({ type: 'restarted' });
    },
  };
}
