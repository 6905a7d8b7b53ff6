import { CARD_RARITIES, type CardCollection, type CardItem, type CardRarity, type OwnedCard } from '@portal/contracts';

/** One tile of the collection: a card with the copies owned (0: a silhouette). */
export interface CollectionTile {
  card: CardItem;
  count: number;
  firstGrantedAt: string | null;
}

export type RarityFilter = CardRarity | 'all';

const RANK: Record<CardRarity, number> = { common: 0, rare: 1, epic: 2, legendary: 3 };

/** Every card of the collection (owned first, then by rarity, rarest first), filtered by rarity. */
export function collectionTiles(collection: CardCollection, filter: RarityFilter = 'all'): CollectionTile[] {
  const owned = new Map<string, OwnedCard>(collection.owned.map((item) => [item.card.id, item]));
  const cards = [...collection.cards];
  // An owned card the catalogue did not list (retired) still shows.
  for (const item of collection.owned) if (!cards.some((card) => card.id === item.card.id)) cards.push(item.card);
  return cards
    .filter((card) => filter === 'all' || card.rarity === filter)
    .map((card) => ({ card, count: owned.get(card.id)?.count ?? 0, firstGrantedAt: owned.get(card.id)?.firstGrantedAt ?? null }))
    .sort((a, b) => Number(b.count > 0) - Number(a.count > 0) || RANK[b.card.rarity] - RANK[a.card.rarity] || a.card.title.localeCompare(b.card.title, 'ru'));
}

export const RARITY_FILTERS: readonly RarityFilter[] = ['all', ...CARD_RARITIES];

export const isRarityFilter = (value: string | null): value is RarityFilter => (RARITY_FILTERS as readonly (string | null)[]).includes(value);

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
/** «21 ноября 2026 г.» */
export const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
};
