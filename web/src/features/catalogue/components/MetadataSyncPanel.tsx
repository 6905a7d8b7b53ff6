import type { MetadataSyncProgress } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { pluralRu } from '../../../shared/lib/plural';
import { Button } from '../../../shared/ui/Button';
import { notify } from '../../../shared/ui/notify';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextField } from '../../../shared/ui/TextField';
import { parseShikimoriIds, startMetadataSync, syncKeys, syncProgressQuery, type MetadataSyncQueued } from '../api/metadata-sync-api';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { InlineError } from './InlineError';
import { AdminCard } from './admin/AdminCard';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.sync;
const COUNT_KEYS = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;
const numbers = new Intl.NumberFormat('ru-RU');

/** Shikimori metadata sync: the queue (refreshed every 5 s), progress, recent failures and the sync actions. */
export function MetadataSyncPanel() {
  const progress = useQuery(syncProgressQuery());
  const queryClient = useQueryClient();
  const [idsText, setIdsText] = useState('');
  const [idsError, setIdsError] = useState<string | null>(null);

  const onQueued = ({ queued }: MetadataSyncQueued) => {
    notify.success(S.queuedTitle, S.queued(queued, pluralRu(queued, S.jobs)));
    void queryClient.invalidateQueries({ queryKey: syncKeys.progress() });
  };
  const syncAll = useMutation({
    mutationFn: () => startMetadataSync({ all: true }),
    onSuccess: onQueued,
    onError: (error) => notify.error(S.startFailedTitle, error.message),
  });
  const syncIds = useMutation({
    mutationFn: (shikimoriIds: number[]) => startMetadataSync({ shikimoriIds }),
    onSuccess: (result) => {
      setIdsText('');
      onQueued(result);
    },
    onError: (error) => {
      const fieldMessage = isApiError(error) ? error.fieldMessage('shikimoriIds') : null;
      if (fieldMessage) setIdsError(fieldMessage);
      else notify.error(S.startFailedTitle, error.message);
    },
  });

  const submitIds = (event: FormEvent) => {
    event.preventDefault();
    const ids = parseShikimoriIds(idsText);
    if (!ids) {
      setIdsError(S.idsInvalid);
      return;
    }
    setIdsError(null);
    syncIds.mutate(ids);
  };

  return (
    <AdminCard
      title={S.title}
      description={S.description}
      action={
        <Button onClick={() => syncAll.mutate()} disabled={syncAll.isPending}>
          {syncAll.isPending ? S.syncAllPending : S.syncAll}
        </Button>
      }
    >
      {progress.data ? (
        <MetadataSyncProgressView progress={progress.data} />
      ) : progress.isError ? (
        <InlineError message={`${S.failedToLoad}: ${progress.error.message}`} onRetry={() => void progress.refetch()} />
      ) : (
        <Spinner label={S.loading} />
      )}

      <form className="sync-panel__form" onSubmit={submitIds} noValidate>
        <TextField
          label={S.idsLabel}
          name="shikimoriIds"
          inputMode="numeric"
          placeholder={S.idsPlaceholder}
          value={idsText}
          onChange={(event) => {
            setIdsText(event.target.value);
            if (idsError) setIdsError(null);
          }}
          message={idsError ?? S.idsHint}
          messageTone={idsError ? 'error' : 'info'}
        />
        <Button type="submit" variant="secondary" disabled={syncIds.isPending}>
          {syncIds.isPending ? S.syncIdsPending : S.syncIds}
        </Button>
      </form>
    </AdminCard>
  );
}

export function MetadataSyncProgressView({ progress }: { progress: MetadataSyncProgress }) {
  const total = progress.titlesWithShikimoriId;
  const synced = Math.min(progress.syncedTitles, total);
  const percent = total > 0 ? Math.floor((synced / total) * 100) : 0;
  return (
    <div className="sync-panel__body">
      <dl className="sync-panel__counts" aria-label={S.queueLabel}>
        {COUNT_KEYS.map((key) => (
          <div key={key} className={`sync-panel__count sync-panel__count--${key}`}>
            <dt>{S.counts[key]}</dt>
            <dd>{numbers.format(progress[key])}</dd>
          </div>
        ))}
      </dl>

      <div className="sync-panel__progress">
        <div className="sync-panel__progress-label" id="metadata-sync-progress">
          {S.progressLabel}
        </div>
        {total > 0 ? (
          <>
            <div
              className="sync-panel__bar"
              role="progressbar"
              aria-labelledby="metadata-sync-progress"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={synced}
              aria-valuetext={S.progressText(numbers.format(synced), numbers.format(total), percent)}
            >
              <span style={{ width: `${percent}%` }} />
            </div>
            <p className="sync-panel__progress-text">{S.progressText(numbers.format(synced), numbers.format(total), percent)}</p>
          </>
        ) : (
          <p className="muted">{S.noTitles}</p>
        )}
      </div>

      <div className="sync-panel__failures">
        <h4 className="sync-panel__subtitle">{S.failuresTitle}</h4>
        {progress.recentFailures.length === 0 ? (
          <p className="muted">{S.noFailures}</p>
        ) : (
          <ul className="sync-panel__failure-list" aria-label={S.failuresTitle}>
            {progress.recentFailures.map((failure) => (
              <li key={failure.jobId}>
                <span className="sync-panel__failure-id">{S.failure(failure.shikimoriId, failure.attempts)}</span>
                <span className="sync-panel__failure-reason">{failure.reason}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
