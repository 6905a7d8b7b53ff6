import type { CollectionDetails } from '@portal/contracts';
import { useState } from 'react';
import { formatCount } from '../../../shared/lib/plural';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { collectionQuery } from '../api/collections-api';
import { useRouteIdQuery } from '../hooks/useRouteIdQuery';
import { PLURAL } from '../strings';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { AnimeGrid } from './AnimeGrid';
import { DetailPageStatus } from './DetailPageStatus';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.collection;

/** /collections/:id — cover, title, description, how many titles, and their grid. */
export default function CollectionPage() {
  const collection = useRouteIdQuery(collectionQuery);
  if (!collection.data) {
    return <DetailPageStatus query={collection} notFoundTitle={S.notFound} notFoundText={S.notFoundText} />;
  }
  return <CollectionView collection={collection.data} />;
}

export function CollectionView({ collection }: { collection: CollectionDetails }) {
  const count = collection.anime.length;
  return (
    <article className="page collection-page">
      <header className="collection-page__hero">
        <CollectionPageCover src={collection.cover} alt={S.coverAlt(collection.title)} />
        <div className="collection-page__info">
          <p className="people-eyebrow">
            {S.eyebrow}
            {collection.featured ? <span className="people-badge">{S.featured}</span> : null}
          </p>
          <h1 className="anime-page__title">{collection.title}</h1>
          <p className="catalogue-page__count">{formatCount(count, PLURAL.anime)}</p>
          {collection.description ? <p className="anime-page__description">{collection.description}</p> : null}
        </div>
      </header>
      {count === 0 ? <StatePanel headingLevel={2} title={S.empty} /> : <AnimeGrid items={collection.anime} label={collection.title} />}
    </article>
  );
}

/** The cover, or a gradient when there is none or it fails to load. */
function CollectionPageCover({ src, alt }: { src: string | null; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <div className="collection-page__cover collection-page__cover--blank" aria-hidden="true" />;
  return <img className="collection-page__cover" src={src} alt={alt} loading="eager" decoding="async" onError={() => setFailedSrc(src)} />;
}
