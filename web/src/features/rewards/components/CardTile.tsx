import { Link } from 'react-router-dom';
import type { CollectionTile } from '../lib/collection';
import { CARDS_STRINGS } from '../strings';
import { CardMedia } from './CardMedia';

const S = CARDS_STRINGS;

/** A card of the collection: owned (picture, ×N) or missing (a silhouette); either opens the card's page. */
export function CardTile({ tile }: { tile: CollectionTile }) {
  const { card, count } = tile;
  const missing = count === 0;
  const rarity = S.rarity(card.rarity);
  return (
    <li>
      <Link
        className="card-tile"
        to={`/cards/${encodeURIComponent(card.id)}`}
        data-rarity={card.rarity}
        data-missing={missing}
        aria-label={missing ? S.missingLabel(card.title) : S.cardLabel(card.title, rarity)}
      >
        {missing ? (
          <span className="card-tile__silhouette" aria-hidden="true">
            ?
          </span>
        ) : (
          <CardMedia file={card.file} label={card.title} className="card-tile__media" decorative />
        )}
        <span className="card-tile__title">{missing ? S.missing : card.title}</span>
        <span className="card-tile__meta">
          <span>{rarity}</span>
          {card.retired ? <span>{S.retired}</span> : null}
        </span>
        {count > 1 ? (
          <span className="card-tile__count" aria-label={S.countLabel(count)}>
            {S.count(count)}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
