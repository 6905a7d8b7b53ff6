import type { CardItem, CardRarity } from '@portal/contracts';

/** A row of rewards.cards as the queries read it. */
export interface CardRow {
  id: string;
  title: string;
  description: string;
  rarity: CardRarity;
  file: string;
  weight: number;
  retired: boolean;
  created_at?: Date;
}

/** The columns of a card, prefixed by the alias of rewards.cards in a query. */
export const cardColumns = (alias: string) =>
  ['id', 'title', 'description', 'rarity', 'file', 'weight', 'retired'].map((column) => `${alias}."${column}"`).join(', ');

export function cardView(row: CardRow): CardItem {
  return { id: row.id, title: row.title, description: row.description, rarity: row.rarity, file: row.file, weight: Number(row.weight), retired: row.retired };
}
