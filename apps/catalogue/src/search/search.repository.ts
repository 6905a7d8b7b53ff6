import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SUMMARY_COLUMNS } from '../anime/anime.repository';
import type { AnimeSummaryRow } from '../anime/anime.rows';

export interface SearchRow extends AnimeSummaryRow {
  relevance: number;
  matched_name: string;
}

/** How alike a typed word must be to a word of a title (pg_trgm word similarity, 0..1). */
const WORD_SIMILARITY_THRESHOLD = '0.5';

// Relevance: how well the best spelling matches, a bonus when a name starts with it, and popularity
// on a log scale (a million viewers adds 0.15) so that of two equally close titles the known one wins.
const SEARCH_SQL = `
  WITH q AS (SELECT catalogue.normalize_search(v) AS v FROM unnest($1::text[]) AS v),
  hits AS (
    SELECT ${SUMMARY_COLUMNS}, a.search_names, a.title_ru, a.title_en, a.title_ja, a.synonyms,
      max(word_similarity(q.v, a.search_names)
        + CASE WHEN a.search_names LIKE q.v || '%' OR a.search_names LIKE '% ' || q.v || '%' THEN 0.2 ELSE 0 END)
        + 0.15 * ln(1 + a.popularity) / ln(1000001) AS relevance
    FROM catalogue.anime a JOIN q ON q.v <% a.search_names
    WHERE NOT a.adult
    GROUP BY a.id
    ORDER BY relevance DESC, a.popularity DESC, a.id
    LIMIT $2
  )
  SELECT hits.*, (
    SELECT name FROM unnest(ARRAY[hits.title, hits.title_ru, hits.title_romaji, hits.title_en, hits.title_ja] || hits.synonyms) AS name
    WHERE name IS NOT NULL
    ORDER BY (SELECT max(word_similarity(q.v, catalogue.normalize_search(name))) FROM q) DESC
    LIMIT 1
  ) AS matched_name
  FROM hits ORDER BY relevance DESC, hits.id`;

// One or two letters make no trigram worth matching: autocomplete then lists names that start with them.
const PREFIX_SQL = `
  SELECT ${SUMMARY_COLUMNS}, a.popularity::float8 AS relevance, a.title AS matched_name
  FROM catalogue.anime a
  WHERE NOT a.adult AND (
    catalogue.normalize_search(a.title) LIKE $1 || '%' OR catalogue.normalize_search(a.title_ru) LIKE $1 || '%'
    OR catalogue.normalize_search(a.title_romaji) LIKE $1 || '%' OR catalogue.normalize_search(a.title_en) LIKE $1 || '%')
  ORDER BY a.popularity DESC, a.id LIMIT $2`;

@Injectable()
export class SearchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Titles whose names contain a word like one of the spellings, best first. */
  search(spellings: string[], limit: number): Promise<SearchRow[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [WORD_SIMILARITY_THRESHOLD]);
      return manager.query(SEARCH_SQL, [spellings, limit]);
    });
  }

  byPrefix(prefix: string, limit: number): Promise<SearchRow[]> {
    return this.dataSource.query(PREFIX_SQL, [prefix, limit]);
  }

  async normalize(value: string): Promise<string> {
    const [{ normalized }] = await this.dataSource.query(`SELECT catalogue.normalize_search($1) AS normalized`, [value]);
    return normalized ?? '';
  }

  /** pg_trgm splits words by the database's ctype: under "C" it sees no Cyrillic or kana at all. */
  async trigramSupport(): Promise<{ encoding: string; ctype: string; cyrillic: number; kana: number }> {
    const [row] = await this.dataSource.query(
      `SELECT pg_encoding_to_char(d.encoding) AS encoding, d.datctype AS ctype,
         coalesce(array_length(show_trgm('наруто'), 1), 0) AS cyrillic, coalesce(array_length(show_trgm('なると'), 1), 0) AS kana
       FROM pg_database d WHERE d.datname = current_database()`,
    );
    return row;
  }
}
