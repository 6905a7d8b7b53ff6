import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { ListState } from '../../../shared/ui/ListState';
import { Spinner } from '../../../shared/ui/Spinner';
import { newsListQuery } from '../api/news-api';
import { NEWS_STRINGS } from '../strings';
import { NewsCard } from './NewsCard';
import '../news.css';

const S = NEWS_STRINGS.list;

/** Calls `onNear` whenever the element comes within 600px of the viewport (the next page of an infinite list). */
function useWhenNear(onNear: () => void, shown: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onNear);
  useEffect(() => {
    latest.current = onNear;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && latest.current(), { rootMargin: '600px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  return ref;
}

/** /news: newest first, more as the reader scrolls (and a «Показать ещё» button for keyboards); ?tag filters. */
export default function NewsListPage() {
  const [params] = useSearchParams();
  const tag = params.get('tag') ?? undefined;
  const news = useInfiniteQuery(newsListQuery({ tag }));
  const more = () => {
    if (news.hasNextPage && !news.isFetchingNextPage && !news.isError) void news.fetchNextPage();
  };
  const items = news.data?.pages.flatMap((page) => page.data) ?? [];
  const sentinel = useWhenNear(more, items.length > 0);
  return (
    <div className="page news-page">
      <h1>{S.title}</h1>
      {tag ? (
        <p className="news-page__filter">
          {S.tagFilter(tag)} · <Link to="/news">{S.resetTag}</Link>
        </p>
      ) : null}
      {news.isPending ? (
        <ListState kind="loading" label={S.loading} />
      ) : news.isError && items.length === 0 ? (
        <ListState kind="error" title={S.error} message={errorMessage(news.error)} onRetry={() => void news.refetch()} />
      ) : items.length === 0 ? (
        <ListState kind="empty" text={S.empty} />
      ) : (
        <>
          <div className="news-list">
            {items.map((item) => (
              <NewsCard key={item.id} item={item} />
            ))}
          </div>
          <div ref={sentinel} className="news-list__more">
            {news.isFetchingNextPage ? <Spinner label={S.loadingMore} /> : null}
            {news.isFetchNextPageError ? (
              <ListState kind="error" title={S.error} message={errorMessage(news.error)} onRetry={() => void news.fetchNextPage()} />
            ) : news.hasNextPage && !news.isFetchingNextPage ? (
              <Button variant="secondary" onClick={more}>
                {S.more}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
