import { useQuery } from '@tanstack/react-query';
import { featuredCollectionsQuery } from '../api/catalogue-api';
import { CATALOGUE_STRINGS } from '../strings';
import { RowEmpty, RowSection, RowSkeleton } from './AnimeRow';
import { CollectionCard } from './CollectionCard';
import { InlineError } from './InlineError';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.home;

/** Featured collections of the home page, each card linking to /collections/{id}, and a link to them all. */
export function CollectionsRow() {
  const collections = useQuery(featuredCollectionsQuery());
  return (
    <RowSection title={S.collections} moreTo="/collections" moreLabel={S.allCollections}>
      {collections.isPending ? (
        <RowSkeleton count={3} />
      ) : collections.isError ? (
        <InlineError message={`${S.rowError}: ${collections.error.message}`} onRetry={() => void collections.refetch()} />
      ) : collections.data.length === 0 ? (
        <RowEmpty text={S.collectionsEmpty} />
      ) : (
        <ul className="anime-row collection-row" aria-label={S.collections}>
          {collections.data.map((collection) => (
            <li key={collection.id}>
              <CollectionCard collection={collection} />
            </li>
          ))}
        </ul>
      )}
    </RowSection>
  );
}
