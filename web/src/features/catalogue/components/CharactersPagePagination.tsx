import { Link } from 'react-router-dom';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.characters;

export interface CharactersPagePaginationProps {
  page: number;
  pageCount: number;
  /** The link of a page, e.g. "?search=наруто&page=3". */
  hrefFor(page: number): string;
}

/** First, last and the pages around the current one, with gaps: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pageCount: number, radius = 2): Array<number | 'gap'> {
  const pages = new Set<number>([1, pageCount]);
  for (let candidate = page - radius; candidate <= page + radius; candidate += 1) {
    if (candidate >= 1 && candidate <= pageCount) pages.add(candidate);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  sorted.forEach((value, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && value - previous > 1) result.push(value - previous === 2 ? value - 1 : 'gap');
    result.push(value);
  });
  return result;
}

/** Page links (real links, so a page can be opened in a new tab or shared). */
export function CharactersPagePagination({ page, pageCount, hrefFor }: CharactersPagePaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={S.paginationLabel}>
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            <Link className="pagination__link" to={hrefFor(page - 1)} rel="prev">
              {S.previous}
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled" aria-disabled="true">
              {S.previous}
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className={`pagination__link${item === page ? ' pagination__link--current' : ''}`}
                to={hrefFor(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={item === page ? S.currentPage(item) : S.pageLink(item)}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link className="pagination__link" to={hrefFor(page + 1)} rel="next">
              {S.next}
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled" aria-disabled="true">
              {S.next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
