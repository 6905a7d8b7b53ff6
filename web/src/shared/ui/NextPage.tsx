import { Button } from './Button';
import { FieldMessage } from './FieldMessage';
import { UI_STRINGS } from './strings';

export interface NextPageProps {
  /** The infinite query of the list (its next-page state). */
  list: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage(): unknown;
  };
  errorText: (error: unknown) => string;
  /** What the button says while the next page loads. */
  loadingLabel?: string;
  className?: string;
}

/** The end of a list loaded page by page on demand: the next page's error, and «Показать ещё». */
export function NextPage({ list, errorText, loadingLabel = UI_STRINGS.loading, className }: NextPageProps) {
  return (
    <>
      {list.isFetchNextPageError ? <FieldMessage message={errorText(list.error)} /> : null}
      {list.hasNextPage ? (
        <div className={className}>
          <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? loadingLabel : UI_STRINGS.showMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}
