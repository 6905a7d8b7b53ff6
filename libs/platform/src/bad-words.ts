import profanity from 'leo-profanity';

// The bad-word filter shared by registration (nicknames are refused) and comments (words are masked).

let dictionary: ReadonlySet<string> | undefined;

/** English, French and Russian dictionaries of leo-profanity, lower-cased, single words only (built on first use). */
function badWords(): ReadonlySet<string> {
  dictionary ??= new Set(
    (['en', 'fr', 'ru'] as const)
      .flatMap((language) => profanity.getDictionary(language))
      .map((word) => word.toLowerCase())
      .filter((word) => !/\s/.test(word)),
  );
  return dictionary;
}

const isBadWord = (word: string) => badWords().has(word.toLowerCase());

/** A run of letters split at its camelCase humps: "BigFuck" → ["Big", "Fuck"]. */
const humpsOf = (run: string) => run.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').split(' ');

/**
 * Whole-word, case-insensitive match. A nickname's words are the runs of letters between digits,
 * punctuation and camelCase humps, so "big_Fuck99" and "BigFuck" are caught but "assassin" is not.
 */
export function containsBadWord(text: string): boolean {
  // Each letter run is checked whole (so "FuCk" is caught) and split at camelCase humps ("BigFuck").
  return (text.match(/\p{L}+/gu) ?? []).some((run) => isBadWord(run) || humpsOf(run).some(isBadWord));
}

/**
 * The text with every letter of each bad word (the same words `containsBadWord` finds) replaced by
 * `*`; everything else is kept as it was.
 */
export function maskBadWords(text: string): string {
  const mask = (word: string) => '*'.repeat(Array.from(word).length);
  return text.replace(/\p{L}+/gu, (run) => {
    if (isBadWord(run)) return mask(run);
    const humps = humpsOf(run);
    return humps.length > 1 ? humps.map((hump) => (isBadWord(hump) ? mask(hump) : hump)).join('') : run;
  });
}
