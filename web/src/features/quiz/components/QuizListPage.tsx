import { QUIZ_SORTS, type QuizPage, type QuizSort } from '@portal/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { ListState } from '../../../shared/ui/ListState';
import { myQuizzesQuery, quizzesQuery } from '../api/quiz-api';
import { Pager, pageCount } from '../../../shared/ui/Pager';
import { QUIZ_STRINGS } from '../strings';
import { QuizCard } from './QuizCard';
import '../quiz.css';

const S = QUIZ_STRINGS.list;
type Tab = QuizSort | 'mine';

function QuizList({ query, mine, page, onPage }: { query: UseQueryResult<QuizPage>; mine: boolean; page: number; onPage(page: number): void }) {
  if (query.isPending) return <ListState kind="loading" label={S.loading} />;
  if (query.isError) return <ListState kind="error" title={S.loadError} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <ListState kind="empty" text={mine ? S.emptyMine : S.empty} />;
  return (
    <>
      <ul className="quiz-list" aria-label={mine ? S.mineLabel : S.listLabel}>
        {query.data.items.map((quiz) => (
          <QuizCard key={quiz.id} quiz={quiz} withStatus={mine} />
        ))}
      </ul>
      <Pager page={page} pages={pageCount(query.data.total, query.data.limit)} onPage={onPage} label={QUIZ_STRINGS.list.pages} />
    </>
  );
}

/** /quiz: approved quizzes (popular, new, by title) and the caller's own with their status; the tab and page live in the address. */
export default function QuizListPage() {
  const { status: session } = useSession();
  const [params, setParams] = useSearchParams();
  const signedIn = session === 'authenticated';
  const tabs: Tab[] = signedIn ? [...QUIZ_SORTS, 'mine'] : [...QUIZ_SORTS];
  const tabParam = params.get('tab') as Tab | null;
  const tab: Tab = tabParam && tabs.includes(tabParam) ? tabParam : 'popular';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const mine = tab === 'mine';
  const publicList = useQuery({ ...quizzesQuery(mine ? 'popular' : tab, page), enabled: !mine });
  const ownList = useQuery({ ...myQuizzesQuery(page), enabled: mine });

  const go = (next: { tab?: Tab; page?: number }) => {
    const search = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    if (nextTab !== 'popular') search.set('tab', nextTab);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };

  return (
    <section className="quiz-page">
      <header className="quiz-page__header">
        <div>
          <h1>{S.title}</h1>
          <p className="muted">{S.lead}</p>
        </div>
        {signedIn ? <ButtonLink to="/quiz/new">{S.create}</ButtonLink> : session === 'anonymous' ? <Link to="/login">{S.signInToCreate}</Link> : null}
      </header>
      <div role="radiogroup" aria-label={S.tabsLabel} className="quiz-tabs">
        {tabs.map((value) => (
          <Button
            key={value}
            role="radio"
            aria-checked={tab === value}
            size="small"
            variant={tab === value ? 'primary' : 'secondary'}
            onClick={() => go({ tab: value })}
          >
            {S.tabs[value]}
          </Button>
        ))}
      </div>
      <QuizList query={mine ? ownList : publicList} mine={mine} page={page} onPage={(next) => go({ page: next })} />
    </section>
  );
}
