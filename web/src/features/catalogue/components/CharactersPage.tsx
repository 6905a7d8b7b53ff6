import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatCount } from '../../../shared/lib/plural';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { TextField } from '../../../shared/ui/TextField';
import { charactersQuery, CHARACTERS_PAGE_SIZE } from '../api/catalogue-people-api';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { CharactersPagePagination } from './CharactersPagePagination';
import { InlineError } from './InlineError';
import { PersonCard } from './PersonCard';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.characters;

/** Typing settles for this long before the search goes to the URL (and the server). */
export const CHARACTER_SEARCH_DEBOUNCE_MS = 400;

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** A cancellable timer that lives as long as the component (no ref read in an effect cleanup). */
function createDebouncer() {
  let timer: number | undefined;
  return {
    run(callback: () => void, delayMs: number) {
      window.clearTimeout(timer);
      timer = window.setTimeout(callback, delayMs);
    },
    cancel() {
      window.clearTimeout(timer);
    },
  };
}

/** /characters — search (debounced, kept in ?search=) and a paged list (?page=, 20 per page). */
export default function CharactersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = (searchParams.get('search') ?? '').trim();
  const page = parsePage(searchParams.get('page'));

  const [text, setText] = useState(search);
  const [appliedSearch, setAppliedSearch] = useState(search);
  // The URL changed by itself (back button, a link): show its search in the box.
  if (search !== appliedSearch) {
    setAppliedSearch(search);
    if (text.trim() !== search) setText(search);
  }

  const [debouncer] = useState(createDebouncer);
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  const applySearch = (value: string) => {
    const next = value.trim();
    setAppliedSearch(next);
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next) params.set('search', next);
        else params.delete('search');
        params.delete('page');
        return params;
      },
      { replace: true },
    );
  };

  const onChange = (value: string) => {
    setText(value);
    if (value.trim() === search) {
      debouncer.cancel();
      return;
    }
    debouncer.run(() => applySearch(value), CHARACTER_SEARCH_DEBOUNCE_MS);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    debouncer.cancel();
    if (text.trim() !== search) applySearch(text);
  };

  const hrefFor = (target: number) => {
    const params = new URLSearchParams(searchParams);
    if (target > 1) params.set('page', String(target));
    else params.delete('page');
    const query = params.toString();
    return query ? `?${query}` : '?';
  };

  const list = useQuery(charactersQuery({ search, page, limit: CHARACTERS_PAGE_SIZE }));
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.limit || CHARACTERS_PAGE_SIZE))) : 1;

  return (
    <div className="page characters-page">
      <header className="people-header">
        <h1 className="catalogue-page__title">{S.title}</h1>
        <p className="people-note">{S.sparseNote}</p>
      </header>

      <form className="people-search" role="search" onSubmit={onSubmit}>
        <TextField
          label={S.searchLabel}
          type="search"
          name="search"
          placeholder={S.searchPlaceholder}
          autoComplete="off"
          value={text}
          maxLength={100}
          onChange={(event) => onChange(event.target.value)}
        />
      </form>

      {list.isPending ? (
        <CharactersGridSkeleton />
      ) : list.isError && !data ? (
        <InlineError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : data && data.items.length > 0 ? (
        <>
          <p className="catalogue-page__count" aria-live="polite">
            {formatCount(data.total, S.found)}
          </p>
          <ul className="people-grid" aria-label={S.title} aria-busy={list.isPlaceholderData || undefined} data-stale={list.isPlaceholderData || undefined}>
            {data.items.map((character) => (
              <li key={character.id}>
                <PersonCard person={character} to={`/characters/${character.id}`} size="medium" />
              </li>
            ))}
          </ul>
          <CharactersPagePagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      ) : (
        <>
          <StatePanel headingLevel={2} title={search || page > 1 ? S.empty : S.emptyAll} text={search ? S.emptyText : undefined} />
          {data && page > 1 && data.total > 0 ? <CharactersPagePagination page={page} pageCount={pageCount} hrefFor={hrefFor} /> : null}
        </>
      )}
    </div>
  );
}

function CharactersGridSkeleton() {
  return (
    <div className="people-grid people-grid--skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{CATALOGUE_PEOPLE_STRINGS.loading}</span>
      {Array.from({ length: 10 }, (_, index) => (
        <div key={index} className="person-card" aria-hidden="true">
          <div className="portrait portrait--medium anime-skeleton__poster" />
          <div className="anime-skeleton__line" />
        </div>
      ))}
    </div>
  );
}
