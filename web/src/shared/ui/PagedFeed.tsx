import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { ButtonLink } from './ButtonLink';
import { ListSkeleton } from './ListSkeleton';
import { NextPage } from './NextPage';
import { StatePanel } from './StatePanel';
import { UI_STRINGS } from './strings';
import './paged-feed.css';

export interface PagedFeedText {
  loading: string;
  errorTitle: string;
  emptyTitle: string;
  emptyOwn: string;
  emptyOther: string;
  listLabel: string;
}

export interface PagedFeedProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The viewer's own feed: the empty state says so and points to the catalogue. */
  own: boolean;
  text: PagedFeedText;
  errorText: (error: unknown) => string;
}

/** A list of one user's items loaded page by page (profile tabs): skeleton, error with retry, empty, «Показать ещё». */
export function PagedFeed<T>({ query, keyOf, renderItem, own, text, errorText }: PagedFeedProps<T>) {
  if (query.isPending) return <ListSkeleton label={text.loading} />;
  if (query.isError) {
    return (
      <StatePanel
        headingLevel={2}
        title={text.errorTitle}
        text={errorText(query.error)}
        actions={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {UI_STRINGS.retry}
          </Button>
        }
      />
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <StatePanel
        headingLevel={2}
        title={text.emptyTitle}
        text={own ? text.emptyOwn : text.emptyOther}
        actions={own ? <ButtonLink to="/catalog">{UI_STRINGS.toCatalog}</ButtonLink> : undefined}
      />
    );
  }
  return (
    <div className="paged-feed">
      <ul className="paged-feed__list" aria-label={text.listLabel}>
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <NextPage list={query} errorText={errorText} />
    </div>
  );
}
