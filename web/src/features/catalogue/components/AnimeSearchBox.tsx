import type { Suggestion } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { Button } from '../../../shared/ui/Button';
import { suggestAnimeQuery } from '../../../shared/api/title-api';
import { yearAndKind } from '../../../shared/lib/anime-meta';
import { CATALOGUE_STRINGS } from '../strings';
import { PosterImage } from '../../../shared/ui/PosterImage';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.search;
export const SUGGEST_DEBOUNCE_MS = 250;
export const SUGGEST_LIMIT = 8;

export interface AnimeSearchBoxProps {
  /** Enter (or "Найти") without a highlighted suggestion. */
  onSearch(query: string): void;
  /** The submitted query, e.g. from the URL; the input follows it when it changes. */
  query?: string;
}

/**
 * Search with autocomplete (ARIA combobox): suggestions 250 ms after typing stops, Up/Down move through
 * them, Enter opens the highlighted title or searches the text, Escape closes the list, then clears.
 */
export function AnimeSearchBox({ onSearch, query = '' }: AnimeSearchBoxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [input, setInput] = useState(query);
  const [seenQuery, setSeenQuery] = useState(query);
  if (seenQuery !== query) {
    setSeenQuery(query);
    setInput(query);
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const term = useDebouncedValue(input.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({ ...suggestAnimeQuery(term, SUGGEST_LIMIT), enabled: open && term.length > 0 });
  const items: Suggestion[] = term.length > 0 && input.trim().length > 0 ? (suggestions.data ?? []) : [];
  const activeIndex = active < items.length ? active : -1;
  const waiting = input.trim().length > 0 && (term !== input.trim() || suggestions.isFetching);
  const showPopup = open && input.trim().length > 0 && (items.length > 0 || waiting || suggestions.isSuccess);
  const expanded = showPopup && items.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (suggestion: Suggestion) => {
    close();
    navigate(`/anime/${suggestion.id}`);
  };
  const submit = () => {
    const text = input.trim();
    close();
    if (text) onSearch(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (items.length) setActive(activeIndex + 1 >= items.length ? 0 : activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (items.length) setActive(activeIndex <= 0 ? items.length - 1 : activeIndex - 1);
        break;
      case 'Enter':
        event.preventDefault();
        if (expanded && activeIndex >= 0) choose(items[activeIndex]!);
        else submit();
        break;
      case 'Escape':
        if (showPopup) {
          event.preventDefault();
          close();
        } else if (input) {
          event.preventDefault();
          setInput('');
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  return (
    <form
      className="search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        {S.label}
      </label>
      <div className="search__form">
        <div className="search__input-wrap">
          <input
            id={`${id}-input`}
            className="search__input"
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            placeholder={S.placeholder}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setActive(-1);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={close}
            onKeyDown={onKeyDown}
          />
          <div hidden={!showPopup}>
            <ul className="search__listbox" id={listId} role="listbox" aria-label={S.suggestions} hidden={!expanded}>
              {items.map((suggestion, index) => (
                <li
                  key={suggestion.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className="search__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(suggestion)}
                >
                  <span className="search__option-poster">
                    <PosterImage src={suggestion.poster} fallbackSrc={suggestion.fallbackPoster} alt="" />
                  </span>
                  <span className="search__option-text">
                    <span className="search__option-title">{suggestion.title}</span>
                    <span className="search__option-meta">
                      {[suggestion.matchedName !== suggestion.title ? suggestion.matchedName : null, yearAndKind(suggestion.year, suggestion.kind)]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
            {!expanded && showPopup ? (
              <div className="search__listbox search__hint" role="status">
                {waiting ? S.loadingSuggestions : S.noSuggestions}
              </div>
            ) : null}
          </div>
        </div>
        <Button type="submit">{S.submit}</Button>
      </div>
    </form>
  );
}
