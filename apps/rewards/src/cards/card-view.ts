import { z } from 'zod';
import { CARD_RARITIES, type CardItem } from '@portal/contracts';

/** A row of rewards.cards as the queries read it. */
export const CardRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  rarity: z.enum(CARD_RARITIES),
  file: z.string(),
  weight: z.number().int(),
  retired: z.boolean(),
  created_at: z.date().optional(),
});
export type CardRow = z.output<typeof CardRow>;

/** The columns of a card, prefixed by the alias of rewards.cards in a query. */
export const cardColumns = (alias: string) =>
  ['id', 'title', 'description', 'rarity', 'file', 'weight', 'retired'].map((column) => `${alias}."${column}"`).join(', ');

export function cardView(row: CardRow): CardItem {
  return { id: row.id, title: row.title, description: row.description, rarity: row.rarity, file: row.file, weight: Number(row.weight), retired: row.retired };
}
