import { Button } from '../../../shared/ui/Button';
import { QUIZ_STRINGS } from '../strings';

const S = QUIZ_STRINGS.list;

/** «← Назад · Страница N из M · Дальше →» under a list of `total` items, `limit` a page; nothing for one page. */
export function QuizPager({ page, total, limit, onPage }: { page: number; total: number; limit: number; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav className="quiz-pages" aria-label={S.pages}>
      <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {S.previousPage}
      </Button>
      <span>{S.pageOf(page, pages)}</span>
      <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {S.nextPage}
      </Button>
    </nav>
  );
}
