import type { Collection } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { featuredCollectionsQuery } from '../api/catalogue-api';
import { CATALOGUE_STRINGS } from '../strings';
import { RowEmpty, RowSection, RowSkeleton } from './AnimeRow';
import { InlineError } from './InlineError';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.home;

/** The cover, when there is one; a cover that fails to load is simply left out. */
function CollectionCover({ cover }: { cover: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!cover || failed) return null;
  return <img className="collection-card__cover" src={cover} alt="" loading="lazy" width={320} height={180} onError={() => setFailed(true)} />;
}

export function CollectionCard({ collection }: { collection: Collection }) {
  return (
    <Link className="collection-card" to={`/collections/${collection.id}`} aria-label={S.collectionLink(collection.title)}>
      <CollectionCover cover={collection.cover} />
      <span className="collection-card__title">{collection.title}</span>
      {collection.description ? <p className="collection-card__text">{collection.description}</p> : null}
      <span className="collection-card__count">{S.collectionCount(collection.animeCount)}</span>
    </Link>
  );
}

/** Featured collections of the home page, each card linking to /collections/{id}. */
export function CollectionsRow() {
  const collections = useQuery(featuredCollectionsQuery());
  return (
    <RowSection title={S.collections}>
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
