import { REPORT_SORTS, REPORT_STATUSES, type ReportSort, type ReportStatus } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { ListState } from '../../../shared/ui/ListState';
import { reportQueueQuery } from '../api/moderation-api';
import { MODERATION_STRINGS as S } from '../strings';
import { ReportCaseCard } from './ReportCaseCard';
import '../moderation.css';

/** The admin page's «Жалобы»: one item per reported target, newest or most reported first, open or decided. */
export function ReportsQueue() {
  const titleId = useId();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [sort, setSort] = useState<ReportSort>('newest');
  const [page, setPage] = useState(1);
  const queue = useQuery(reportQueueQuery({ status, sort, page }));
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / queue.data.limit)) : 1;

  let body;
  if (queue.isPending) body = <ListState kind="loading" label={S.loading} />;
  else if (queue.isError && !queue.data)
    body = <ListState kind="error" title={S.errorTitle} message={errorMessage(queue.error)} retryLabel={S.retry} onRetry={() => void queue.refetch()} />;
  else if (!queue.data || queue.data.items.length === 0) body = <ListState kind="empty" text={S.empty[status]} />;
  else {
    body = (
      <>
        <ol className="report-queue__list">
          {queue.data.items.map((item) => (
            <li key={item.id}>
              <ReportCaseCard item={item} />
            </li>
          ))}
        </ol>
        {pages > 1 ? (
          <nav className="report-queue__pages" aria-label={S.pages}>
            <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {S.previous}
            </Button>
            <span>{S.pageOf(page, pages)}</span>
            <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {S.next}
            </Button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <section className="report-queue" aria-labelledby={titleId}>
      <h2 id={titleId}>{queue.data && status === 'open' ? S.titleCount(queue.data.total) : S.title}</h2>
      <div className="report-queue__filters">
        <label>
          {`${S.statusLabel} `}
          <select className="field__input" value={status} onChange={(event) => (setStatus(event.target.value as ReportStatus), setPage(1))}>
            {REPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {S.statuses[value]}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label={S.sortLabel} className="report-queue__sorts">
          {REPORT_SORTS.map((value) => (
            <Button
              key={value}
              size="small"
              variant={sort === value ? 'primary' : 'secondary'}
              aria-pressed={sort === value}
              onClick={() => (setSort(value), setPage(1))}
            >
              {S.sorts[value]}
            </Button>
          ))}
        </div>
      </div>
      {body}
    </section>
  );
}

export default ReportsQueue;
