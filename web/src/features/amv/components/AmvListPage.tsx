import { AMV_CYRILLIC_LETTERS, AMV_DIGITS_LETTER, AMV_LATIN_LETTERS, type AmvItem } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { ListState } from '../../../shared/ui/ListState';
import { Pager, pageCount } from '../../../shared/ui/Pager';
import { amvListQuery, amvTopQuery } from '../api/amv-api';
import { AMV_STRINGS } from '../strings';
import { AmvCard } from './AmvCard';
import '../amv.css';

const LETTER_ROWS = [AMV_CYRILLIC_LETTERS, [...AMV_LATIN_LETTERS, AMV_DIGITS_LETTER]];

function LetterBar({ current, onPick }: { current: string; onPick: (letter: string) => void }) {
  return (
    <nav className="amv-letters" aria-label={AMV_STRINGS.lettersLabel}>
      <button type="button" className="amv-letter" aria-pressed={current === ''} onClick={() => onPick('')}>
        {AMV_STRINGS.allLetters}
      </button>
      {LETTER_ROWS.map((row) =>
        row.map((letter) => (
          <button key={letter} type="button" className="amv-letter" aria-pressed={current === letter} onClick={() => onPick(letter)}>
            {letter}
          </button>
        )),
      )}
    </nav>
  );
}

function TopBlock() {
  const top = useQuery(amvTopQuery());
  if (!top.data || (top.data.mostViewed.length === 0 && top.data.mostLiked.length === 0)) return null;
  const column = (title: string, items: AmvItem[]) => (
    <div className="amv-top__column">
      <h3>{title}</h3>
      <ol>
        {items.map((amv) => (
          <li key={amv.id}>
            <AmvCard amv={amv} />
          </li>
        ))}
      </ol>
    </div>
  );
  return (
    <section className="amv-top" aria-label={AMV_STRINGS.top}>
      <h2>{AMV_STRINGS.top}</h2>
      <div className="amv-top__columns">
        {column(AMV_STRINGS.mostViewed, top.data.mostViewed)}
        {column(AMV_STRINGS.mostLiked, top.data.mostLiked)}
      </div>
    </section>
  );
}

/** /amv: the letter bar (А–Я, A–Z, #), a search box, the paged grid and the top block. Filters live in the address. */
export function AmvListPage() {
  const [params, setParams] = useSearchParams();
  const letter = params.get('letter') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const debounced = useDebouncedValue(typed, 300);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (debounced.trim() !== search) update({ search: debounced.trim(), page: '' });
    // Only the typed text drives this; the address follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const list = useQuery({ ...amvListQuery({ letter, page, search }), placeholderData: keepPreviousData });
  const pages = list.data ? pageCount(list.data.total, list.data.limit) : 1;

  let body;
  if (list.isPending) body = <ListState kind="loading" label={AMV_STRINGS.loading} />;
  else if (list.isError) body = <ListState kind="error" title={AMV_STRINGS.loadError} message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  else if (list.data.items.length === 0)
    body = <ListState kind="empty" text={search ? AMV_STRINGS.emptySearch(search) : letter ? AMV_STRINGS.emptyLetter(letter) : AMV_STRINGS.empty} />;
  else
    body = (
      <>
        <ul className="amv-grid" aria-busy={list.isFetching}>
          {list.data.items.map((amv) => (
            <li key={amv.id}>
              <AmvCard amv={amv} />
            </li>
          ))}
        </ul>
        <Pager page={page} pages={pages} onPage={(next) => update({ page: next > 1 ? String(next) : '' })} label={AMV_STRINGS.pages} />
      </>
    );

  return (
    <div className="amv-page">
      <h1>{AMV_STRINGS.title}</h1>
      <p className="muted">{AMV_STRINGS.lead}</p>
      <input
        type="search"
        className="amv-search"
        aria-label={AMV_STRINGS.searchLabel}
        placeholder={AMV_STRINGS.searchPlaceholder}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <LetterBar current={letter} onPick={(picked) => update({ letter: picked, page: '' })} />
      {body}
      <TopBlock />
    </div>
  );
}

export default AmvListPage;
