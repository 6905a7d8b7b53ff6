import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { ListState } from '../../../shared/ui/ListState';
import { collectionQuery, type RewardsOwner } from '../api/rewards-api';
import { collectionTiles, isRarityFilter, RARITY_FILTERS, type RarityFilter } from '../lib/collection';
import { CARDS_STRINGS } from '../strings';
import { CardTile } from './CardTile';
import '../rewards.css';

const S = CARDS_STRINGS;

/**
 * A collection (SPEC section 7, tab=cards): «Собрано N из M», a rarity filter kept in `?rarity=`, every
 * card of the catalogue with the copies owned, missing ones as silhouettes. Read-only on another's profile.
 */
export function CardCollectionView({ owner, own }: { owner: RewardsOwner; own: boolean }) {
  const collection = useQuery(collectionQuery(owner));
  const [params, setParams] = useSearchParams();
  const raw = params.get('rarity');
  const filter: RarityFilter = isRarityFilter(raw) ? raw : 'all';
  const setFilter = (value: RarityFilter) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'all') next.delete('rarity');
        else next.set('rarity', value);
        return next;
      },
      { replace: true },
    );

  if (collection.isPending) return <ListState kind="loading" label={S.loading} />;
  if (collection.isError) {
    return <ListState kind="error" title={S.loadError} message={errorMessage(collection.error)} onRetry={() => void collection.refetch()} />;
  }
  const { collected, total } = collection.data;
  if (total === 0 && collection.data.owned.length === 0) return <ListState kind="empty" text={S.emptyCatalogue} />;
  const tiles = collectionTiles(collection.data, filter);

  return (
    <section className="rewards-section" aria-labelledby="cards-heading">
      <div className="rewards-section__head">
        <h2 id="cards-heading">{S.heading}</h2>
        <div className="rewards-progress">
          <span id="cards-progress">{S.progress(collected, total)}</span>
          <progress max={total} value={collected} aria-labelledby="cards-progress" />
        </div>
      </div>
      {collected === 0 ? <p className="muted">{own ? S.emptyOwn : S.emptyOther}</p> : null}
      <fieldset className="rewards-filter">
        <legend>{S.filterLabel}</legend>
        {RARITY_FILTERS.map((value) => (
          <label key={value} className="rewards-filter__option">
            <input type="radio" name="card-rarity" value={value} checked={filter === value} onChange={() => setFilter(value)} />
            {value === 'all' ? S.filterAll : S.rarityName[value]}
          </label>
        ))}
      </fieldset>
      {tiles.length === 0 ? (
        <ListState kind="empty" text={S.noneOfRarity} />
      ) : (
        <ul className="card-grid" aria-label={S.gridLabel}>
          {tiles.map((tile) => (
            <CardTile key={tile.card.id} tile={tile} />
          ))}
        </ul>
      )}
    </section>
  );
}
