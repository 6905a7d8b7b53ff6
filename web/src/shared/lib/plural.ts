/** Russian word forms for a count: [one, few, many], e.g. ['серия', 'серии', 'серий']. */
export type PluralForms = readonly [one: string, few: string, many: string];

/** Episodes, counted on the catalogue, the player and the TV pages. */
export const EPISODE_FORMS: PluralForms = ['серия', 'серии', 'серий'];

const rules = new Intl.PluralRules('ru');
const numbers = new Intl.NumberFormat('ru-RU');

/** The form of the word that goes with `count`: 1 серия, 2 серии, 5 серий, 21 серия, 11 серий. */
export function pluralRu(count: number, [one, few, many]: PluralForms): string {
  // Fractions take the "few" form in Russian (1,5 серии); Intl calls that category "other".
  if (!Number.isInteger(count)) return few;
  switch (rules.select(count)) {
    case 'one':
      return one;
    case 'few':
      return few;
    default:
      return many;
  }
}

/** The count with its word, digits grouped the Russian way: "1 серия", "1 234 аниме". */
export function formatCount(count: number, forms: PluralForms): string {
  return `${numbers.format(count)} ${pluralRu(count, forms)}`;
}
