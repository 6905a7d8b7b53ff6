import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { execute, existingRow, selectRow, selectRows } from '@portal/db';
import { SUMMARY_COLUMNS } from '../anime/anime.repository';
import { AnimeSummaryRow } from '../anime/anime.rows';

/** What the user typed has weight 1; spellings derived from it count less. */
export interface WeightedSpelling {
  text: string;
  weight: number;
}

export const SearchRow = AnimeSummaryRow.extend({
  relevance: z.number(),
  matched_name: z.string(),
});
export type SearchRow = z.output<typeof SearchRow>;

/** What pg_trgm can make of the database's encoding and ctype (see trigramSupport). */
const TrigramSupportRow = z.object({
  encoding: z.string(),
  ctype: z.string(),
  cyrillic: z.number().int(),
  kana: z.number().int(),
});
export type TrigramSupportRow = z.output<typeof TrigramSupportRow>;

/** How alike a typed word must be to a word of a title (pg_trgm word similarity, 0..1). */
const WORD_SIMILARITY_THRESHOLD = '0.5';

// Relevance: how close the best spelling comes to a word of the title's names (a derived spelling,
// such as Cyrillic read back as romaji, counts 85%), a small bonus when a name starts with what was
// typed as typed, and popularity on a log scale (a million viewers adds 0.3), so that of two near
// matches the title people actually watch comes first.
const SEARCH_SQL = `
  WITH q AS (
    SELECT catalogue.normalize_search(v.spelling) AS v, v.weight
    FROM unnest($1::text[], $2::float8[]) AS v(spelling, weight)
  ),
  hits AS (
    SELECT ${SUMMARY_COLUMNS}, a.title_ru, a.title_en, a.title_ja, a.synonyms,
      max(q.weight * (word_similarity(q.v, a.search_names)
        + CASE WHEN q.weight = 1 AND (a.search_names LIKE q.v || '%' OR a.search_names LIKE '% ' || q.v || '%') THEN 0.1 ELSE 0 END))
        + 0.3 * ln(1 + a.popularity) / ln(1000001) AS relevance
    FROM catalogue.anime a JOIN q ON q.v <% a.search_names
    WHERE NOT a.adult
    GROUP BY a.id
    ORDER BY relevance DESC, a.popularity DESC, a.id
    LIMIT $3
  )
  SELECT hits.*, (
    SELECT name FROM unnest(ARRAY[hits.title, hits.title_ru, hits.title_romaji, hits.title_en, hits.title_ja] || hits.synonyms) AS name
    WHERE name IS NOT NULL
    ORDER BY (SELECT max(word_similarity(q.v, catalogue.normalize_search(name))) FROM q) DESC
    LIMIT 1
  ) AS matched_name
  FROM hits ORDER BY relevance DESC, hits.id`;

// One or two letters make no trigram worth matching: autocomplete then lists names that start with
// them, through the text_pattern_ops expression indexes. The prefix arrives as a range ($1 ≤ name <
// $2) rather than LIKE $1 || '%', which no plan can turn into an index range.
const PREFIX_COLUMNS = ['title', 'title_ru', 'title_romaji', 'title_en'];
const PREFIX_MATCH = PREFIX_COLUMNS.map(
  (column) => `(catalogue.normalize_search(a.${column}) ~>=~ $1 AND catalogue.normalize_search(a.${column}) ~<~ $2)`,
).join(' OR ');

// Two letters: the matches first (through the four indexes), then the most popular of them;
// ordering first would walk the popularity index and test every title until enough matched.
const PREFIX_SQL = `
  WITH matches AS MATERIALIZED (SELECT a.id FROM catalogue.anime a WHERE NOT a.adult AND (${PREFIX_MATCH}))
  SELECT ${SUMMARY_COLUMNS}, a.popularity::float8 AS relevance, a.title AS matched_name
  FROM matches JOIN catalogue.anime a USING (id)
  ORDER BY a.popularity DESC, a.id LIMIT $3`;

// One letter starts thousands of names: walking the most popular titles finds enough at once.
const ONE_LETTER_SQL = `
  SELECT ${SUMMARY_COLUMNS}, a.popularity::float8 AS relevance, a.title AS matched_name
  FROM catalogue.anime a WHERE NOT a.adult AND (${PREFIX_MATCH})
  ORDER BY a.popularity DESC, a.id LIMIT $3`;

// A short single word is most often the start of a word of the title being typed: those titles, most
// popular first, through the trigram index (LIKE with a runtime pattern is one of its operators).
const WORD_PREFIX_SQL = `
  WITH matches AS MATERIALIZED (
    SELECT a.id FROM catalogue.anime a
    WHERE NOT a.adult AND (a.search_names LIKE $1 || '%' OR a.search_names LIKE '% ' || $1 || '%')
  )
  SELECT ${SUMMARY_COLUMNS}, a.popularity::float8 AS relevance, a.title AS matched_name
  FROM matches JOIN catalogue.anime a USING (id)
  ORDER BY a.popularity DESC, a.id LIMIT $2`;

/** Above every character a name can continue with, in byte order (text_pattern_ops). */
const LAST_CODE_POINT = String.fromCodePoint(0x10ffff);

@Injectable()
export class SearchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Titles whose names contain a word like one of the spellings, best first. */
  search(spellings: WeightedSpelling[], limit: number): Promise<SearchRow[]> {
    return this.dataSource.transaction(async (manager) => {
      await execute(manager, `SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [WORD_SIMILARITY_THRESHOLD]);
      return selectRows(manager, SearchRow, SEARCH_SQL, [spellings.map((spelling) => spelling.text), spellings.map((spelling) => spelling.weight), limit]);
    });
  }

  byPrefix(prefix: string, limit: number): Promise<SearchRow[]> {
    return selectRows(this.dataSource, SearchRow, [...prefix].length === 1 ? ONE_LETTER_SQL : PREFIX_SQL, [prefix, prefix + LAST_CODE_POINT, limit]);
  }

  byWordPrefix(prefix: string, limit: number): Promise<SearchRow[]> {
    return selectRows(this.dataSource, SearchRow, WORD_PREFIX_SQL, [prefix.replace(/[\\%_]/g, '\\$&'), limit]);
  }

  async normalize(value: string): Promise<string> {
    const row = await selectRow(this.dataSource, z.object({ normalized: z.string().nullable() }), `SELECT catalogue.normalize_search($1) AS normalized`, [
      value,
    ]);
    return row?.normalized ?? '';
  }

  /** pg_trgm splits words by the database's ctype: under "C" it sees no Cyrillic or kana at all. */
  async trigramSupport(): Promise<TrigramSupportRow> {
    const row = existingRow(
      await selectRow(
        this.dataSource,
        TrigramSupportRow,
        `SELECT pg_encoding_to_char(d.encoding) AS encoding, d.datctype AS ctype,
         coalesce(array_length(show_trgm('наруто'), 1), 0) AS cyrillic, coalesce(array_length(show_trgm('なると'), 1), 0) AS kana
       FROM pg_database d WHERE d.datname = current_database()`,
      ),
      'pg_database has no row of the current database',
    );
    return row;
  }
}
