import { isAdminUser, type QuizSummary } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ListState } from '../../../shared/ui/ListState';
import { ReportButton } from '../../../shared/ui/ReportButton';
import { quizQuery } from '../api/quiz-api';
import { useQuizPlay } from '../hooks/useQuizPlay';
import { QUIZ_STRINGS } from '../strings';
import { QuizAnimeLinks } from './QuizAnimeLinks';
import { QuizQuestionView } from './QuizQuestionView';
import { QuizResultView } from './QuizResultView';
import '../quiz.css';

const S = QUIZ_STRINGS.play;

function QuizIntro({ quiz, play }: { quiz: QuizSummary; play: ReturnType<typeof useQuizPlay> }) {
  const { status: session, user } = useSession();
  const canEdit = quiz.mine || Boolean(user && isAdminUser(user));
  let action;
  if (quiz.status === 'pending') action = <p>{S.notApproved}</p>;
  else if (quiz.status === 'rejected') action = <p>{S.rejected}</p>;
  else if (session === 'anonymous') action = <Link to="/login">{S.signIn}</Link>;
  else {
    action = (
      <Button disabled={play.start.isPending || session !== 'authenticated'} onClick={() => play.start.mutate()}>
        {play.start.isPending ? S.starting : S.start}
      </Button>
    );
  }
  return (
    <div className="quiz-intro">
      {quiz.coverUrl ? <img className="quiz-intro__cover" src={quiz.coverUrl} alt="" /> : null}
      <h1>{quiz.title}</h1>
      {quiz.description ? <p className="quiz-intro__description">{quiz.description}</p> : null}
      <p className="muted">{S.about(quiz.questionCount, quiz.timeLimitSeconds)}</p>
      <QuizAnimeLinks anime={quiz.anime} />
      {quiz.best ? <p>{QUIZ_STRINGS.card.best(quiz.best.score, quiz.best.totalQuestions)}</p> : null}
      {quiz.rejectionReason ? <p className="quiz-card__reason">{QUIZ_STRINGS.card.rejectedBecause(quiz.rejectionReason)}</p> : null}
      <div className="quiz-intro__actions">
        {action}
        {canEdit ? <Link to={`/quiz/${quiz.id}/edit`}>{QUIZ_STRINGS.card.editShort}</Link> : null}
        {user && !quiz.mine && quiz.status === 'approved' ? <ReportButton target={{ type: 'quiz', id: quiz.id }} /> : null}
      </div>
      <FieldMessage message={play.start.error ? `${S.startFailed}: ${errorMessage(play.start.error)}` : null} />
    </div>
  );
}

/** /quiz/:id: the intro, then one question at a time (with the timer of a timed quiz), then the server's result. */
export default function QuizPage() {
  const { id = '' } = useParams();
  const quiz = useQuery(quizQuery(id));
  const play = useQuizPlay(id);
  const { state } = play;

  let body;
  if (quiz.isPending) body = <ListState kind="loading" label={S.loading} />;
  else if (quiz.isError) body = <ListState kind="error" title={S.loadError} message={errorMessage(quiz.error)} onRetry={() => void quiz.refetch()} />;
  else if (state.phase === 'intro') body = <QuizIntro quiz={quiz.data} play={play} />;
  else if (state.phase === 'result') body = <QuizResultView attempt={state.attempt} result={state.result} onAgain={play.restart} />;
  else {
    const failed = play.submit.error;
    body = (
      <>
        <h1 className="quiz-play__title">{quiz.data.title}</h1>
        {state.timeUp ? <p role="status">{S.timeUp}</p> : null}
        <QuizQuestionView
          question={state.attempt.questions[state.index]}
          index={state.index}
          total={state.attempt.questions.length}
          chosen={state.answers[state.index]}
          secondsLeft={play.secondsLeft}
          locked={state.timeUp || play.submit.isPending}
          submitting={play.submit.isPending}
          onToggle={play.toggle}
          onMove={play.move}
          onFinish={play.send}
        />
        {failed ? (
          <div className="quiz-play__error">
            <FieldMessage message={`${S.submitFailed}: ${errorMessage(failed)}`} />
            <Button variant="secondary" size="small" onClick={play.send}>
              {S.retrySubmit}
            </Button>
            <Button variant="ghost" size="small" onClick={play.restart}>
              {S.again}
            </Button>
          </div>
        ) : null}
      </>
    );
  }
  return (
    <section className="quiz-page">
      <Link to="/quiz" className="quiz-page__back">
        {S.back}
      </Link>
      {body}
    </section>
  );
}
