import { useInfiniteQuery } from '@tanstack/react-query';
import { formatCount } from '../../../shared/lib/plural';
import { Button } from '../../../shared/ui/Button';
import { Icon } from '../../../shared/ui/Icon';
import { Spinner } from '../../../shared/ui/Spinner';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { collectionsInfiniteQuery } from '../api/collections-api';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { CollectionCard } from './CollectionCard';
import { LoadMore } from './LoadMore';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.collections;

/** /collections — every collection, newest first, with infinite scroll and a "show more" fallback. */
export default function CollectionsPage() {
  const list = useInfiniteQuery(collectionsInfiniteQuery());
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? null;

  return (
    <div className="page collections-page">
      <header className="people-header">
        <h1 className="catalogue-page__title">{S.title}</h1>
        <p className="catalogue-page__count" aria-live="polite">
          {total !== null ? formatCount(total, S.found) : '\u00a0'}
        </p>
      </header>
      {list.isPending ? (
        <div className="people-loading" aria-busy="true">
          <Spinner label={S.loading} />
        </div>
      ) : list.isError && items.length === 0 ? (
        <StatePanel
          headingLevel={2}
          icon={<Icon name="tools" sizePx={40} />}
          title={S.errorTitle}
          text={list.error.message}
          actions={<Button onClick={() => void list.refetch()}>{CATALOGUE_PEOPLE_STRINGS.retry}</Button>}
        />
      ) : items.length === 0 ? (
        <StatePanel headingLevel={2} icon={<Icon name="compass" sizePx={40} />} title={S.empty} text={S.emptyText} />
      ) : (
        <>
          <ul className="collection-grid" aria-label={S.title}>
            {items.map((collection) => (
              <li key={collection.id}>
                <CollectionCard collection={collection} />
              </li>
            ))}
          </ul>
          <LoadMore list={list} labels={S} />
        </>
      )}
    </div>
  );
}
