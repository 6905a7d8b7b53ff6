import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { SearchHit, Suggestion } from '@portal/contracts';
import { toAnimeSummary, toSuggestion } from '../anime/anime.mapper';
import { cyrillicToRomaji, hasCyrillic, switchKeyboardLayout } from './query-variants';
import { SearchRepository, type SearchRow } from './search.repository';

const MIN_TRIGRAM_QUERY = 3;
/** Up to this many letters, one word is taken as the start of a title's word before anything fuzzier. */
const MAX_WORD_PREFIX = 5;
const DERIVED_WEIGHT = 0.85;

export class DatabaseLocaleError extends Error {}

/**
 * Typo-tolerant title search over Russian, English, romaji and Japanese names and synonyms, ranked
 * by closeness and popularity. A query in the wrong keyboard layout is retried in the other one.
 */
@Injectable()
export class SearchService implements OnApplicationBootstrap {
  constructor(private readonly repository: SearchRepository) {}

  async onApplicationBootstrap() {
    const support = await this.repository.trigramSupport();
    if (support.encoding !== 'UTF8' || support.cyrillic === 0 || support.kana === 0) {
      throw new DatabaseLocaleError(
        `catalogue search needs a UTF-8 database whose LC_CTYPE classifies Cyrillic and kana (found encoding ${support.encoding}, ctype ${support.ctype}); ` +
          `create it with ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' (or another UTF-8 locale) TEMPLATE template0`,
      );
    }
  }

  async search(query: string, limit: number): Promise<SearchHit[]> {
    return (await this.find(query, limit)).map((row) => ({ ...toAnimeSummary(row), matchedName: row.matched_name, relevance: round(row.relevance) }));
  }

  async suggest(query: string, limit: number): Promise<Suggestion[]> {
    return (await this.find(query, limit)).map((row) => toSuggestion(row, row.matched_name));
  }

  private async find(query: string, limit: number): Promise<SearchRow[]> {
    const normalized = await this.repository.normalize(query);
    if (normalized === '') return [];
    const length = [...normalized].length;
    if (length < MIN_TRIGRAM_QUERY) return this.repository.byPrefix(normalized, limit);
    if (length <= MAX_WORD_PREFIX && !normalized.includes(' ')) {
      const started = await this.repository.byWordPrefix(normalized, limit);
      if (started.length > 0) return started;
    }
    const typed = { text: normalized, weight: 1 };
    const spellings = hasCyrillic(normalized) ? [typed, { text: cyrillicToRomaji(normalized), weight: DERIVED_WEIGHT }] : [typed];
    const rows = await this.repository.search(spellings, limit);
    return rows.length > 0 ? rows : this.repository.search([{ text: switchKeyboardLayout(normalized), weight: DERIVED_WEIGHT }], limit);
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000;
