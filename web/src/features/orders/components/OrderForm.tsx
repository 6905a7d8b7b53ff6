import type { OrderCreateResult } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { titleSuggestionsQuery, type OrderDraft } from '../api/orders-api';
import { useCreateOrder } from '../hooks/useOrderMutations';
import { ORDERS_STRINGS as S } from '../strings';

const SUGGEST_DELAY_MS = 250;

/** What the desk answered: a new request, a vote for an open duplicate, or a link to a title already here. */
function Outcome({ result }: { result: OrderCreateResult }) {
  return (
    <div className={`orders-outcome orders-outcome--${result.outcome}`} role="status">
      <p>{result.message}</p>
      {result.available ? (
        <Link to={result.available.url} className="btn btn--secondary btn--small">
          {S.watchNow} «{result.available.title}»
        </Link>
      ) : null}
    </div>
  );
}

/** «Новый заказ»: a catalogue title picked from the suggestions, or a typed name; an optional note. */
export function OrderForm() {
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [picked, setPicked] = useState<{ id: number; title: string } | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateOrder();
  const noteId = useId();
  const titleId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const suggestions = useQuery({ ...titleSuggestionsQuery(debounced), enabled: !picked && debounced.length >= 2 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const name = text.trim();
    if (!picked && !name) {
      setProblem(S.titleRequired);
      return;
    }
    const draft: OrderDraft = picked ? { animeId: picked.id, note } : { title: name, note };
    create.mutate(draft, {
      onSuccess: () => {
        setText('');
        setPicked(null);
        setNote('');
      },
    });
  };

  const error = problem ?? (create.error ? errorMessage(create.error) : null);
  return (
    <form className="orders-form" onSubmit={submit} aria-label={S.formTitle} noValidate>
      <h2>{S.formTitle}</h2>
      <div className="field">
        <label className="field__label" htmlFor={titleId}>
          {S.titleLabel}
        </label>
        {picked ? (
          <p className="orders-form__picked">
            {S.picked(picked.title)}{' '}
            <Button variant="ghost" size="small" onClick={() => setPicked(null)}>
              {S.unpick}
            </Button>
          </p>
        ) : null}
        <input
          id={titleId}
          className="field__input"
          value={picked ? picked.title : text}
          readOnly={Boolean(picked)}
          placeholder={S.titlePlaceholder}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        {!picked && suggestions.data && suggestions.data.length > 0 ? (
          <ul className="orders-form__suggestions" aria-label={S.suggestionsLabel}>
            {suggestions.data.map((suggestion) => (
              <li key={suggestion.id}>
                <button type="button" className="orders-form__suggestion" onClick={() => setPicked({ id: suggestion.id, title: suggestion.title })}>
                  {suggestion.title}
                  {suggestion.year ? <span className="muted"> · {suggestion.year}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={noteId}>
          {S.noteLabel}
        </label>
        <textarea
          id={noteId}
          className="field__input"
          rows={3}
          maxLength={1000}
          value={note}
          placeholder={S.notePlaceholder}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <FieldMessage message={error} />
      {create.data && !create.isPending && !error ? <Outcome result={create.data} /> : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? S.submitting : S.submit}
      </Button>
    </form>
  );
}
