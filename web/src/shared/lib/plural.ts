import { lazyValue } from './lazy-value';

/** Russian word forms for a count: [one, few, many], e.g. ['серия', 'серии', 'серий']. */
export type PluralForms = readonly [one: string, few: string, many: string];

/** Episodes, counted on the catalogue, the player and the TV pages. */
export const EPISODE_FORMS: PluralForms = ['серия', 'серии', 'серий'];

/** Titles, counted in the catalogue and the title picker. */
export const ANIME_FORMS: PluralForms = ['аниме', 'аниме', 'аниме'];

const fractions = lazyValue(() => new Intl.NumberFormat('ru-RU'));

/** CLDR's Russian plural rule for integers, without building an `Intl.PluralRules` at page load. */
function categoryOf(count: number): 'one' | 'few' | 'many' {
  const lastTwo = Math.abs(count) % 100;
  const last = lastTwo % 10;
  if (last === 1 && lastTwo !== 11) return 'one';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
  return 'many';
}

/** Digits grouped by three with a no-break space, as `Intl.NumberFormat('ru-RU')` writes integers. */
function formatNumber(count: number): string {
  if (!Number.isSafeInteger(count)) return fractions().format(count);
  return String(count).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
}

/** The form of the word that goes with `count`: 1 серия, 2 серии, 5 серий, 21 серия, 11 серий. */
export function pluralRu(count: number, [one, few, many]: PluralForms): string {
  // Fractions take the "few" form in Russian (1,5 серии).
  if (!Number.isInteger(count)) return few;
  switch (categoryOf(count)) {
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
  return `${formatNumber(count)} ${pluralRu(count, forms)}`;
}
