import { LIST_STATUSES, type AnimeListEntry, type AnimeRef, type ListStatus } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../shared/ui/Button';
import { listEntryQuery } from '../../../shared/api/title-api';
import { useListStatusMutation, useRemoveFromListMutation } from '../hooks/useLibraryMutations';
import { LIBRARY_STRINGS } from '../strings';
import { WatchedEpisodesField } from './WatchedEpisodesField';
import '../library.css';

const S = LIBRARY_STRINGS;
const NOT_IN_LIST = '';

/** The title's place in the viewer's list: a select of the six statuses, "Удалить из списка" and the watched episodes. */
export function ListStatusControl({ anime }: { anime: AnimeRef }) {
  const id = useId();
  const entry = useQuery(listEntryQuery(anime.id));
  const update = useListStatusMutation(anime);
  const remove = useRemoveFromListMutation(anime);
  // The choice shows at once; the optimistic entry lands a tick later, and the controlled select would flip back meanwhile.
  const [chosen, setChosen] = useState<ListStatus | typeof NOT_IN_LIST | null>(null);

  if (entry.isPending) {
    return (
      <div className="library-control" aria-busy="true">
        <span className="library-control__label">{S.statusLabel}</span>
        <span className="library-control__hint" role="status">
          {S.loading}
        </span>
      </div>
    );
  }
  if (entry.isError) {
    return (
      <div className="library-control">
        <span className="library-control__label">{S.statusLabel}</span>
        <span className="library-control__error" role="alert">
          {S.entryLoadError}: {entry.error.message}
        </span>
        <Button variant="secondary" size="small" onClick={() => void entry.refetch()}>
          {S.retry}
        </Button>
      </div>
    );
  }

  const current: AnimeListEntry | null = entry.data;
  const saving = update.isPending || remove.isPending;
  const failure = update.isError ? update.error : remove.isError ? remove.error : null;
  return (
    <div className="library-control">
      <label className="library-control__label" htmlFor={id}>
        {S.statusLabel}
      </label>
      <div className="library-control__row">
        <select
          id={id}
          className="library-select"
          value={chosen ?? current?.status ?? NOT_IN_LIST}
          aria-describedby={`${id}-state`}
          onChange={(event) => {
            const status = event.target.value as ListStatus | typeof NOT_IN_LIST;
            const settled = { onSettled: () => setChosen(null) };
            setChosen(status);
            if (status === NOT_IN_LIST) remove.mutate(undefined, settled);
            else update.mutate({ status, adding: current === null }, settled);
          }}
        >
          {current === null ? <option value={NOT_IN_LIST}>{S.notInList}</option> : null}
          {LIST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {S.statuses[status]}
            </option>
          ))}
        </select>
        {current !== null ? (
          <Button variant="ghost" size="small" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {S.remove}
          </Button>
        ) : null}
      </div>
      <span id={`${id}-state`} className={failure ? 'library-control__error' : 'library-control__hint'} role="status">
        {saving ? S.saving : failure ? `${update.isError ? S.statusErrorTitle : S.removeErrorTitle}: ${failure.message}` : null}
      </span>
      {current !== null ? <WatchedEpisodesField anime={anime} progress={current.progress} total={current.anime.episodes} /> : null}
    </div>
  );
}
