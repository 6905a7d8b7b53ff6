import { QUIZ_REASON_MAX, type QuizEditable } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { ListState } from '../../../shared/ui/ListState';
import { ReasonDialog } from '../../../shared/ui/ReasonDialog';
import { useReasonDialog } from '../../../shared/ui/useReasonDialog';
import { moderationQuery } from '../api/quiz-api';
import { useApproveQuiz, useRejectQuiz } from '../hooks/useQuizMutations';
import { Pager, pageCount } from '../../../shared/ui/Pager';
import { QUIZ_STRINGS } from '../strings';
import '../quiz.css';

const S = QUIZ_STRINGS.moderation;

/** One pending quiz: what it is, its questions with the right options marked, the two decisions. */
function PendingQuiz({ quiz, onReject }: { quiz: QuizEditable; onReject(): void }) {
  const approve = useApproveQuiz();
  return (
    <article className="quiz-moderation__item" aria-label={S.item(quiz.title)}>
      <h3 className="quiz-card__title">{quiz.title}</h3>
      <p className="muted">
        {[
          QUIZ_STRINGS.card.by(quiz.author.username),
          QUIZ_STRINGS.card.questions(quiz.questionCount),
          quiz.timeLimitSeconds ? QUIZ_STRINGS.card.timeLimit(quiz.timeLimitSeconds) : QUIZ_STRINGS.card.noTimeLimit,
        ].join(' · ')}
      </p>
      {quiz.description ? <p>{quiz.description}</p> : null}
      <details>
        <summary>{S.details}</summary>
        <ol className="quiz-moderation__questions">
          {quiz.questions.map((question, index) => (
            <li key={index}>
              <p>{question.text}</p>
              {question.imageUrl ? <img className="quiz-moderation__image" src={question.imageUrl} alt="" loading="lazy" /> : null}
              <ul>
                {question.options.map((option, at) => (
                  <li key={at} className={question.correct.includes(at) ? 'quiz-moderation__correct' : undefined}>
                    {option}
                    {question.correct.includes(at) ? ` — ${S.correctMark}` : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </details>
      <div className="quiz-moderation__actions">
        <Button size="small" disabled={approve.isPending} onClick={() => approve.mutate(quiz.id)}>
          {approve.isPending ? S.approving : S.approve}
        </Button>
        <Button size="small" variant="secondary" disabled={approve.isPending} onClick={onReject}>
          {S.reject}
        </Button>
      </div>
    </article>
  );
}

/** The admin page's «Квизы на проверке (N)»: pending quizzes, longest waiting first; each approved, or rejected with a reason. */
export default function QuizModerationQueue() {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const queue = useQuery(moderationQuery(page));
  const rejection = useReasonDialog(useRejectQuiz(), (quiz: QuizEditable, reason) => ({ id: quiz.id, reason }));

  let body;
  if (queue.isPending) body = <ListState kind="loading" label={S.loading} />;
  else if (queue.isError) body = <ListState kind="error" title={S.loadError} message={errorMessage(queue.error)} onRetry={() => void queue.refetch()} />;
  else if (queue.data.items.length === 0) body = <ListState kind="empty" text={S.empty} />;
  else {
    body = (
      <>
        <ol className="quiz-moderation__list">
          {queue.data.items.map((quiz) => (
            <li key={quiz.id}>
              <PendingQuiz quiz={quiz} onReject={() => rejection.ask(quiz)} />
            </li>
          ))}
        </ol>
        <Pager page={page} pages={pageCount(queue.data.total, queue.data.limit)} onPage={setPage} label={QUIZ_STRINGS.list.pages} />
      </>
    );
  }

  return (
    <section className="quiz-moderation" aria-labelledby={titleId}>
      <h2 id={titleId}>{S.title(queue.data?.total ?? null)}</h2>
      {body}
      <ReasonDialog text={S.rejectDialog(rejection.item?.title ?? '')} maxLength={QUIZ_REASON_MAX} {...rejection.dialog} />
    </section>
  );
}
