import type { QuizSummary } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { QUIZ_STRINGS } from '../strings';
import { QuizAnimeLinks } from './QuizAnimeLinks';

const S = QUIZ_STRINGS.card;

/** One quiz in a list: cover, title (a link to play it), titles, size, players, the caller's best; in «Мои квизы» its status and reject reason. */
export function QuizCard({ quiz, withStatus = false }: { quiz: QuizSummary; withStatus?: boolean }) {
  return (
    <li className="quiz-card">
      {quiz.coverUrl ? (
        <img className="quiz-card__cover" src={quiz.coverUrl} alt="" loading="lazy" width={160} height={90} />
      ) : (
        <div className="quiz-card__cover quiz-card__cover--empty" aria-hidden="true" />
      )}
      <div className="quiz-card__main">
        <h3 className="quiz-card__title">
          <Link to={`/quiz/${quiz.id}`}>{quiz.title}</Link>
        </h3>
        {withStatus ? <span className={`quiz-badge quiz-badge--${quiz.status}`}>{S.statusLabels[quiz.status]}</span> : null}
        {quiz.description ? <p className="quiz-card__description">{quiz.description}</p> : null}
        <p className="muted quiz-card__meta">
          {[S.questions(quiz.questionCount), quiz.timeLimitSeconds ? S.timeLimit(quiz.timeLimitSeconds) : S.noTimeLimit, S.players(quiz.players)].join(' · ')}
        </p>
        <QuizAnimeLinks anime={quiz.anime} className="quiz-card__anime" />
        {quiz.best ? <p className="quiz-card__best">{S.best(quiz.best.score, quiz.best.totalQuestions)}</p> : null}
        {withStatus && quiz.rejectionReason ? <p className="quiz-card__reason">{S.rejectedBecause(quiz.rejectionReason)}</p> : null}
        {withStatus ? (
          <p>
            <Link to={`/quiz/${quiz.id}/edit`} aria-label={S.edit(quiz.title)}>
              {S.editShort}
            </Link>
          </p>
        ) : null}
      </div>
    </li>
  );
}
