import type { AnimeSummary } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatCount } from '../../../shared/lib/plural';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { suggestAnimeQuery } from '../api/catalogue-api';
import { yearAndKind } from '../lib/anime-format';
import { PLURAL } from '../strings';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { PosterImage } from '../../../shared/ui/PosterImage';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.collectionDialog;

/** What the picker needs of a title: an AnimeSummary (editing) and a Suggestion (search) both fit. */
export type AnimePick = Pick<AnimeSummary, 'id' | 'title' | 'year' | 'kind' | 'poster' | 'fallbackPoster'>;

export const ANIME_SUGGEST_DEBOUNCE_MS = 300;
const SUGGEST_LIMIT = 10;
/** The server's search limit (CATALOGUE_MESSAGES.searchTooLong). */
const SEARCH_MAX_LENGTH = 100;

export interface CollectionEditDialogAnimePickerProps {
  selected: readonly AnimePick[];
  onAdd(anime: AnimePick): void;
  onRemove(id: number): void;
  /** A server error about the titles (e.g. an unknown id). */
  error?: string | null;
  disabled?: boolean;
}

/** Search by title (GET /api/anime/suggest) and the chosen titles, each with a remove button. */
export function CollectionEditDialogAnimePicker({ selected, onAdd, onRemove, error, disabled }: CollectionEditDialogAnimePickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim(), ANIME_SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery(suggestAnimeQuery(settled, SUGGEST_LIMIT));
  const chosen = new Set(selected.map((anime) => anime.id));
  const showResults = settled !== '';

  return (
    <div className="anime-picker">
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {S.animeSearchLabel}
        </label>
        <input
          id={inputId}
          className="field__input"
          type="search"
          autoComplete="off"
          placeholder={S.animeSearchPlaceholder}
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          // Enter in the search box must not submit the whole dialog.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </div>

      {showResults ? (
        <div className="anime-picker__results">
          {suggestions.isPending || settled !== text.trim() ? (
            <p className="muted" role="status">
              {S.animeSearching}
            </p>
          ) : suggestions.isError ? (
            <p className="field__message field__message--error" role="alert">
              {S.animeSearchFailed}: {suggestions.error.message}
            </p>
          ) : suggestions.data.length === 0 ? (
            <p className="muted" role="status">
              {S.animeNothingFound}
            </p>
          ) : (
            <ul className="anime-picker__list" aria-label={S.animeResultsLabel}>
              {suggestions.data.map((anime) => (
                <li key={anime.id} className="anime-picker__row">
                  <CollectionEditDialogAnimeRow anime={anime} />
                  {chosen.has(anime.id) ? (
                    <span className="muted anime-picker__added">{S.added}</span>
                  ) : (
                    <Button size="small" variant="secondary" aria-label={S.addLabel(anime.title)} disabled={disabled} onClick={() => onAdd(anime)}>
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
        <h3 className="anime-picker__title">{S.selectedTitle(formatCount(selected.length, PLURAL.anime))}</h3>
        {selected.length === 0 ? (
          <p className="muted">{S.selectedEmpty}</p>
        ) : (
          <ol className="anime-picker__list" aria-label={S.selectedTitle(formatCount(selected.length, PLURAL.anime))} aria-describedby={error ? errorId : undefined}>
            {selected.map((anime) => (
              <li key={anime.id} className="anime-picker__row">
                <CollectionEditDialogAnimeRow anime={anime} />
                <Button size="small" variant="ghost" aria-label={S.removeLabel(anime.title)} disabled={disabled} onClick={() => onRemove(anime.id)}>
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

function CollectionEditDialogAnimeRow({ anime }: { anime: AnimePick }) {
  const meta = yearAndKind(anime.year, anime.kind);
  return (
    <span className="anime-picker__anime">
      <span className="anime-picker__poster">
        <PosterImage src={anime.poster} fallbackSrc={anime.fallbackPoster} alt="" />
      </span>
      <span className="anime-picker__text">
        <span className="anime-picker__name">{anime.title}</span>
        {meta ? <span className="muted anime-picker__meta">{meta}</span> : null}
      </span>
    </span>
  );
}
