import profanity from 'leo-profanity';

/** English, French and Russian dictionaries of leo-profanity, lower-cased, single words only. */
const BAD_WORDS: ReadonlySet<string> = new Set(
  (['en', 'fr', 'ru'] as const)
    .flatMap((language) => profanity.getDictionary(language))
    .map((word) => word.toLowerCase())
    .filter((word) => !/\s/.test(word)),
);

/**
 * Whole-word, case-insensitive match. A nickname's words are the runs of letters between digits,
 * punctuation and camelCase humps, so "big_Fuck99" and "BigFuck" are caught but "assassin" is not.
 */
export function containsBadWord(username: string): boolean {
  const words = username
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    // Each letter run is checked whole (so "FuCk" is caught) and split at camelCase humps ("BigFuck").
    .flatMap((run) => [run, ...run.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').split(' ')])
    .map((word) => word.toLowerCase());
  return words.some((word) => BAD_WORDS.has(word));
}
