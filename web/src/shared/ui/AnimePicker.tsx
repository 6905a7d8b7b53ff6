import type { AnimeSummary } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { suggestAnimeQuery } from '../api/title-api';
import { yearAndKind } from '../lib/anime-meta';
import { ANIME_FORMS, formatCount } from '../lib/plural';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { Button } from './Button';
import { FieldMessage } from './FieldMessage';
import { PosterImage } from './PosterImage';
import { UI_STRINGS } from './strings';
import './anime-picker.css';

const S = UI_STRINGS.animePicker;

/**
 * What the picker needs of a title: an AnimeSummary, a Suggestion and an AnimeRef all fit, and so does
 * a stored link of only id and title (a quiz's), shown without poster and year.
 */
export type AnimePick = Pick<AnimeSummary, 'id' | 'title'> & Partial<Pick<AnimeSummary, 'year' | 'kind' | 'poster' | 'fallbackPoster'>>;

export const ANIME_SUGGEST_DEBOUNCE_MS = 300;
const SUGGEST_LIMIT = 10;
/** The server's search limit (CATALOGUE_MESSAGES.searchTooLong). */
const SEARCH_MAX_LENGTH = 100;

export interface AnimePickerProps {
  selected: readonly AnimePick[];
  /** The new selection after an add or a remove (order kept, no title twice). */
  onChange(selected: AnimePick[]): void;
  /** The heading of the chosen titles, given the formatted count ("2 аниме"). */
  selectedLabel?: (formatted: string) => string;
  /** A server error about the titles (e.g. an unknown id). */
  error?: string | null;
  disabled?: boolean;
}

/** Linked titles of a form (a collection, a news item, an AMV): search by title (GET /api/anime/suggest) and the chosen ones, each with a remove button. */
export function AnimePicker({ selected, onChange, selectedLabel = S.selectedTitle, error, disabled }: AnimePickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim(), ANIME_SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery(suggestAnimeQuery(settled, SUGGEST_LIMIT));
  const chosen = new Set(selected.map((anime) => anime.id));
  const showResults = settled !== '';
  const heading = selectedLabel(formatCount(selected.length, ANIME_FORMS));
  const add = (anime: AnimePick) => {
    if (!chosen.has(anime.id)) onChange([...selected, anime]);
  };

  return (
    <div className="anime-picker">
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {S.searchLabel}
        </label>
        <input
          id={inputId}
          className="field__input"
          type="search"
          autoComplete="off"
          placeholder={S.searchPlaceholder}
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          // Enter in the search box must not submit the whole form.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </div>

      {showResults ? (
        <div className="anime-picker__results">
          {suggestions.isPending || settled !== text.trim() ? (
            <p className="muted" role="status">
              {S.searching}
            </p>
          ) : suggestions.isError ? (
            <p className="field__message field__message--error" role="alert">
              {S.searchFailed}: {suggestions.error.message}
            </p>
          ) : suggestions.data.length === 0 ? (
            <p className="muted" role="status">
              {S.nothingFound}
            </p>
          ) : (
            <ul className="anime-picker__list" aria-label={S.resultsLabel}>
              {suggestions.data.map((anime) => (
                <li key={anime.id} className="anime-picker__row">
                  <AnimePickerRow anime={anime} />
                  {chosen.has(anime.id) ? (
                    <span className="muted anime-picker__added">{S.added}</span>
                  ) : (
                    <Button size="small" variant="secondary" aria-label={S.addLabel(anime.title)} disabled={disabled} onClick={() => add(anime)}>
                      {S.add}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}

      <div className="anime-picker__selected">
        <h3 className="anime-picker__title">{heading}</h3>
        {selected.length === 0 ? (
          <p className="muted">{S.selectedEmpty}</p>
        ) : (
          <ol className="anime-picker__list" aria-label={heading} aria-describedby={error ? errorId : undefined}>
            {selected.map((anime) => (
              <li key={anime.id} className="anime-picker__row">
                <AnimePickerRow anime={anime} />
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={S.removeLabel(anime.title)}
                  disabled={disabled}
                  onClick={() => onChange(selected.filter((entry) => entry.id !== anime.id))}
                >
                  {S.remove}
                </Button>
              </li>
            ))}
          </ol>
        )}
        <FieldMessage id={errorId} message={error} />
      </div>
    </div>
  );
}

function AnimePickerRow({ anime }: { anime: AnimePick }) {
  const meta = yearAndKind(anime.year ?? null, anime.kind ?? null);
  return (
    <span className="anime-picker__anime">
      <span className="anime-picker__poster">
        {anime.poster ? <PosterImage src={anime.poster} fallbackSrc={anime.fallbackPoster ?? anime.poster} alt="" /> : null}
      </span>
      <span className="anime-picker__text">
        <span className="anime-picker__name">{anime.title}</span>
        {meta ? <span className="muted anime-picker__meta">{meta}</span> : null}
      </span>
    </span>
  );
}
