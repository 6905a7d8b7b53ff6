import { Button } from './Button';
import { UI_STRINGS } from './strings';
import './pager.css';

const S = UI_STRINGS.pager;

export interface PagerProps {
  page: number;
  pages: number;
  onPage(page: number): void;
  /** The navigation's name for screen readers ("Страницы квизов"). */
  label: string;
}

/** «← Назад · Страница N из M · Дальше →» under a paged list; nothing when there is one page. */
export function Pager({ page, pages, onPage, label }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {S.previous}
      </Button>
      <span>{S.pageOf(page, pages)}</span>
      <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {S.next}
      </Button>
    </nav>
  );
}

/** How many pages `total` items make at `limit` a page (at least one). */
export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));
