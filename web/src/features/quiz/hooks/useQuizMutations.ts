import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-error';
import { notify } from '../../../shared/ui/notify';
import { approveQuiz, createQuiz, deleteQuiz, quizKeys, rejectQuiz, updateQuiz, type QuizWrite } from '../api/quiz-api';
import { QUIZ_STRINGS } from '../strings';

/** Creates a quiz (no id) or replaces one; every list and the quiz itself are read again. */
export function useSaveQuiz(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quiz: QuizWrite) => (id ? updateQuiz(id, quiz) : createQuiz(quiz)),
    onSuccess: (saved) => {
      client.setQueryData(quizKeys.editable(saved.id), saved);
      void client.invalidateQueries({ queryKey: quizKeys.all, predicate: (query) => query.queryKey[1] !== 'editable' });
      notify.success(QUIZ_STRINGS.editor.saved, saved.title);
    },
  });
}

export function useDeleteQuiz() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteQuiz,
    onSuccess: ({ id }) => {
      client.removeQueries({ queryKey: quizKeys.one(id) });
      client.removeQueries({ queryKey: quizKeys.editable(id) });
      void client.invalidateQueries({ queryKey: quizKeys.lists });
      notify.success(QUIZ_STRINGS.editor.deleted, '');
    },
  });
}

/** The moderation queue and the public lists change with every decision. */
function useModerationDone() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: quizKeys.moderation });
    void client.invalidateQueries({ queryKey: quizKeys.lists });
  };
}

export function useApproveQuiz() {
  const done = useModerationDone();
  return useMutation({
    mutationFn: approveQuiz,
    onSuccess: (quiz) => {
      done();
      notify.success(QUIZ_STRINGS.moderation.approved, quiz.title);
    },
    onError: (error) => notify.error(QUIZ_STRINGS.moderation.approveFailed, errorMessage(error)),
  });
}

export function useRejectQuiz() {
  const done = useModerationDone();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectQuiz(id, reason),
    onSuccess: (quiz) => {
      done();
      notify.success(QUIZ_STRINGS.moderation.rejected, quiz.title);
    },
  });
}
