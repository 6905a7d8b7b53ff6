import type { AnimeRef } from '@portal/contracts';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { useProgressMutation } from '../hooks/useLibraryMutations';
import { LIBRARY_STRINGS } from '../strings';
import '../library.css';

const S = LIBRARY_STRINGS;

export interface WatchedEpisodesFieldProps {
  anime: AnimeRef;
  /** The entry's progress. */
  progress: number;
  /** The title's episode count when known. */
  total: number | null;
}

/**
 * "Просмотрено серий", set by hand: a number field between −/+ steppers, saved with "Сохранить" or
 * Enter as `progress`. The buttons never disappear or disable, so keyboard focus is never lost.
 */
export function WatchedEpisodesField({ anime, progress, total }: WatchedEpisodesFieldProps) {
  const id = useId();
  const save = useProgressMutation(anime);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(progress);
  const value = text.trim() === '' ? null : Number(text);
  const known = total && total > 0 ? total : null;

  const edit = (next: string) => {
    setDraft(next);
    save.reset();
  };
  const step = (delta: number) => {
    const next = Math.max(0, Math.round(value ?? progress) + delta);
    edit(String(known ? Math.min(known, next) : next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value === null || value === progress || save.isPending) return;
    save.mutate(value, { onSuccess: () => setDraft(null) });
  };

  const error = save.isError ? (isApiError(save.error) ? (save.error.fieldMessage('progress') ?? save.error.message) : save.error.message) : null;
  // noValidate: the server's Russian message explains a refused number, not the browser's bubble.
  return (
    <form className="watched-field" onSubmit={submit} noValidate aria-busy={save.isPending || undefined}>
      <label className="library-control__label" htmlFor={id}>
        {S.watchedLabel}
      </label>
      <div className="library-control__row">
        <Button variant="secondary" size="small" className="watched-field__step" aria-label={S.watchedLess} aria-controls={id} onClick={() => step(-1)}>
          −
        </Button>
        <input
          id={id}
          className="watched-field__input"
          type="number"
          inputMode="numeric"
          min={0}
          max={known ?? undefined}
          step={1}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-state`}
          onChange={(event) => edit(event.target.value)}
        />
        <Button variant="secondary" size="small" className="watched-field__step" aria-label={S.watchedMore} aria-controls={id} onClick={() => step(1)}>
          +
        </Button>
        {known ? <span className="watched-field__total">{S.watchedOf(known)}</span> : null}
        <Button type="submit" size="small">
          {S.watchedSave}
        </Button>
      </div>
      <span id={`${id}-state`} className={error ? 'library-control__error' : 'library-control__hint'} role="status">
        {save.isPending ? S.saving : error ? `${S.watchedErrorTitle}: ${error}` : null}
      </span>
    </form>
  );
}
