import { ANIME_SORTS, CATALOGUE_DEFAULT_SORT, GENRES, type AnimeSort } from '@portal/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error';
import { formatCount } from '../../../shared/lib/plural';
import { Button } from '../../../shared/ui/Button';
import { PageNotFound } from '../../../shared/ui/PageNotFound';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { genresQuery } from '../api/catalogue-api';
import { genreAnimeInfiniteQuery } from '../api/catalogue-people-api';
import { PLURAL } from '../strings';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { AnimeGrid, AnimeGridSkeleton } from './AnimeGrid';
import { InlineError } from './InlineError';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.genre;

const isSort = (value: string | null): value is AnimeSort => (ANIME_SORTS as readonly (string | null)[]).includes(value);

/** /genre/:genre — the genre's Russian name, how many titles it has, a sort and a "show more" grid. */
export default function GenrePage() {
  const { genre: slug = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const sortParam = searchParams.get('sort');
  const sort = isSort(sortParam) ? sortParam : CATALOGUE_DEFAULT_SORT;
  const sortId = useId();

  const genres = useQuery(genresQuery());
  const list = useInfiniteQuery(genreAnimeInfiniteQuery(slug, sort));

  // The API's list is the truth; the contracts' table names the genre before it arrives.
  const genre = genres.data?.find((item) => item.slug === slug) ?? GENRES.find((item) => item.slug === slug);
  const notFound = isApiError(list.error) && list.error.status === 404;

  if (notFound) {
    return <PageNotFound title={S.notFound} text={S.notFoundText} backTo="/catalog" backLabel={CATALOGUE_PEOPLE_STRINGS.toCatalog} />;
  }

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? null;

  const changeSort = (value: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === CATALOGUE_DEFAULT_SORT) next.delete('sort');
        else next.set('sort', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="page genre-page">
      <header className="people-header">
        <p className="people-eyebrow">{S.eyebrow}</p>
        <h1 className="catalogue-page__title">{genre?.name ?? slug}</h1>
      </header>

      <div className="catalogue-page__summary">
        <p className="catalogue-page__count" aria-live="polite">
          {total !== null ? formatCount(total, PLURAL.titles) : '\u00a0'}
        </p>
        <div className="people-sort">
          <label htmlFor={sortId}>{S.sortLabel}</label>
          <select id={sortId} className="select" value={sort} onChange={(event) => changeSort(event.target.value)}>
            {ANIME_SORTS.map((value) => (
              <option key={value} value={value}>
                {S.sorts[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isPending ? (
        <AnimeGridSkeleton />
      ) : list.isError && items.length === 0 ? (
        <InlineError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <StatePanel headingLevel={2} title={S.empty} text={S.emptyText} />
      ) : (
        <>
          <AnimeGrid items={items} label={genre?.name ?? slug} />
          <div className="catalogue-page__more">
            {list.isFetchNextPageError ? (
              <p className="field__message field__message--error" role="alert">
                {S.loadMoreFailed}
              </p>
            ) : null}
            {list.hasNextPage ? (
              <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? S.loadingMore : S.showMore}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
