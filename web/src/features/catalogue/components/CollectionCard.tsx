import type { Collection } from '@portal/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CATALOGUE_STRINGS } from '../strings';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.home;

/** The cover, when there is one; a cover that fails to load is simply left out. */
function CollectionCover({ cover }: { cover: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!cover || failed) return null;
  return <img className="collection-card__cover" src={cover} alt="" loading="lazy" width={320} height={180} onError={() => setFailed(true)} />;
}

/** A collection as a card (cover, title, description, how many titles) linking to /collections/{id}. */
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
