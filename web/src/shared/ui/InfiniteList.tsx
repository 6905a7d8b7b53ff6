import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListState } from './ListState';
import { NextPage } from './NextPage';

export interface InfiniteListText {
  loading: string;
  loadErrorTitle: string;
  empty: string;
  retry?: string;
}

export interface InfiniteListProps<T> {
  list: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  text: InfiniteListText;
  errorText: (error: unknown) => string;
  /** The class of «Показать ещё»'s row. */
  moreClassName: string;
  /** The loaded items (every page so far) as the feature lists them. */
  children: (items: T[]) => ReactNode;
}

/**
 * A block's list loaded page by page (comments, reviews, a queue): loading, failed with «Повторить»,
 * empty, or the items with the next page's error and «Показать ещё». A failed refetch keeps the items.
 */
export function InfiniteList<T>({ list, text, errorText, moreClassName, children }: InfiniteListProps<T>) {
  if (list.isPending) return <ListState kind="loading" label={text.loading} />;
  if (list.isError && !list.data) {
    return <ListState kind="error" title={text.loadErrorTitle} message={errorText(list.error)} retryLabel={text.retry} onRetry={() => void list.refetch()} />;
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <ListState kind="empty" text={text.empty} />;
  return (
    <>
      {children(items)}
      <NextPage list={list} errorText={errorText} loadingLabel={text.loading} className={moreClassName} />
    </>
  );
}
