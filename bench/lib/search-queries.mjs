// The query set of bench/search.mjs, drawn from the imported catalogue. Deterministic: the titles are
// ordered by md5(seed:id) and the misspellings and prefix lengths come from a seeded generator, so a
// seed and the same dataset always give the same queries.
import pg from 'pg';

/** mulberry32: a small seeded pseudo-random generator, numbers in [0, 1). */
export function seededRandom(seed) {
  let state = [...String(seed)].reduce((hash, char) => Math.imul(hash ^ char.codePointAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABETS = [
  [/[а-яё]/i, 'абвгдежзийклмнопрстуфхцчшщыьэюя'],
  [/[a-z]/i, 'abcdefghijklmnopqrstuvwxyz'],
  [/[\u3040-\u309f]/, 'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん'],
  [/[\u30a0-\u30ff]/, 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン'],
  [/\p{L}/u, '日月火水木金土人大小山川田中上下年生子女男心天空海花風雪夜星光魔法少年剣道学園物語世界'],
];

/** One typo at a letter other than the first: drop it, swap it with the next one, or replace it. */
export function misspell(text, random) {
  const chars = [...text];
  const letters = chars.flatMap((char, index) => (index > 0 && /\p{L}/u.test(char) ? [index] : []));
  if (letters.length < 3) return null;
  const at = letters[Math.floor(random() * letters.length)];
  const operation = ['drop', 'swap', 'replace'][Math.floor(random() * 3)];
  if (operation === 'drop') chars.splice(at, 1);
  else if (operation === 'swap' && at + 1 < chars.length && chars[at + 1] !== chars[at]) [chars[at], chars[at + 1]] = [chars[at + 1], chars[at]];
  else {
    const alphabet = [...ALPHABETS.find(([pattern]) => pattern.test(chars[at]))[1]].filter((letter) => letter !== chars[at].toLowerCase());
    const letter = alphabet[Math.floor(random() * alphabet.length)];
    chars[at] = chars[at] === chars[at].toUpperCase() ? letter.toUpperCase() : letter;
  }
  const typo = chars.join('');
  return typo === text ? null : typo;
}

// A name is a fair test only if no other title carries exactly the same name in that column.
const pick = (column, where, order = `md5($1 || ':' || id)`) => `
  SELECT id, name FROM (
    SELECT id, popularity, ${column} AS name, count(*) OVER (PARTITION BY catalogue.normalize_search(${column})) AS same
    FROM catalogue.anime WHERE NOT adult AND ${column} IS NOT NULL AND char_length(${column}) BETWEEN 4 AND 100 AND ${where}
  ) named WHERE same = 1 ORDER BY ${order} LIMIT $2`;

const SOURCES = {
  cyrillic: pick('title_ru', `title_ru ~ '[А-Яа-яЁё]'`),
  romaji: pick('title_romaji', `title_romaji ~ '^[ -~]+$'`),
  english: pick('title_en', `title_en ~ '^[ -~]+$' AND title_en <> title_romaji`),
  japanese: pick('title_ja', `title_ja ~ '[ぁ-ゖァ-ヺ一-鿿]'`),
  // Autocomplete is typed for known titles: the prefixes come from the 1,000 most popular ones.
  popular: `SELECT id, coalesce(title_ru, title_romaji) AS name FROM (
      SELECT * FROM catalogue.anime WHERE NOT adult ORDER BY popularity DESC, id LIMIT 1000) top
    ORDER BY md5($1 || ':' || id) LIMIT $2`,
};

/**
 * Classes of queries, each with the id of the title it was made from: real names in Cyrillic, Latin
 * (romaji or English) and Japanese, one misspelling of each, and autocomplete prefixes of 2 letters
 * (the LIKE path of the search) and of 3 to 6 letters (the trigram path).
 */
export async function buildQuerySet(databaseUrl, { seed, perClass }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const rows = async (source, count) => (await db.query(SOURCES[source], [String(seed), count])).rows;
  const random = seededRandom(seed);
  try {
    const latinCount = Math.ceil(perClass / 2);
    const names = {
      cyrillic: await rows('cyrillic', perClass),
      latin: [...(await rows('romaji', latinCount)), ...(await rows('english', perClass - latinCount))],
      japanese: await rows('japanese', perClass),
    };
    const queries = [];
    for (const [kind, titles] of Object.entries(names)) {
      for (const { id, name } of titles) queries.push({ class: kind, query: name, id });
      for (const { id, name } of titles) {
        const typo = misspell(name, random);
        if (typo) queries.push({ class: `${kind}-typo`, query: typo, id });
      }
    }
    const popular = await rows('popular', Math.ceil(perClass * 1.5));
    for (const [index, { id, name }] of popular.entries()) {
      const short = index < perClass / 2;
      const length = short ? 2 : 3 + Math.floor(random() * 4);
      const prefix = [...name].slice(0, length).join('').trim();
      queries.push({ class: short ? 'prefix-2' : 'prefix-3to6', query: prefix, id });
    }
    // Unique queries only: the gateway pass must never be answered from its cache.
    const seen = new Set();
    return queries.filter(({ query }) => !seen.has(query) && seen.add(query));
  } finally {
    await db.end();
  }
}
