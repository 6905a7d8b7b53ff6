import { Button } from '../../../shared/ui/Button';
import { useLoadMoreSentinel } from '../hooks/useLoadMoreSentinel';
import { InlineError } from './InlineError';
import '../catalogue.css';

export interface LoadMoreProps {
  /** The infinite query of the list (its next-page state). */
  list: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: Error | null;
    fetchNextPage(): unknown;
  };
  labels: { showMore: string; loadingMore: string; end: string };
}

/**
 * The end of an infinite list: loads the next page when it scrolls into view, with a "show more"
 * button as the fallback, the next page's error with a retry, or a line saying the list is complete.
 */
export function LoadMore({ list, labels }: LoadMoreProps) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const loadMore = () => {
    if (canLoadMore) void fetchNextPage();
  };
  const sentinelRef = useLoadMoreSentinel(loadMore, canLoadMore);

  return (
    <div className="catalogue-page__more">
      {hasNextPage ? <div ref={sentinelRef} className="catalogue-page__sentinel" aria-hidden="true" /> : null}
      {isFetchNextPageError ? (
        <InlineError message={list.error?.message} onRetry={() => void fetchNextPage()} />
      ) : hasNextPage ? (
        <Button variant="secondary" onClick={loadMore} disabled={isFetchingNextPage} aria-busy={isFetchingNextPage || undefined}>
          {isFetchingNextPage ? labels.loadingMore : labels.showMore}
        </Button>
      ) : (
        <p className="muted">{labels.end}</p>
      )}
    </div>
  );
}
