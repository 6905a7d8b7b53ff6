import type { AuditLogEntry } from '@portal/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../shared/ui/Button';
import { InfiniteList } from '../../../shared/ui/InfiniteList';
import { TextField } from '../../../shared/ui/TextField';
import { type AuditLogFilters, useAuditLog } from '../api/audit-log-api';
import { auditEventLabel } from '../audit-event-label';
import { pageErrorText } from '../page-error-text';
import { AUDIT_LOG_STRINGS as S } from '../strings';
import { AccountLabel } from './AccountLabel';
import '../moderation.css';

const NO_FILTERS: AuditLogFilters = { event: '', from: '', to: '' };
const EVENT_NAMES = [...Object.keys(S.events), ...S.commonAdminEvents];

const when = (iso: string) => new Date(iso).toLocaleString('ru-RU', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** JSON as text: React escapes it, so nothing in it is ever read as HTML. */
const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'null';

/** «Подробнее»: before/after of an admin's action (or the event's data) as preformatted JSON. */
function Details({ entry }: { entry: AuditLogEntry }) {
  const { before, after, ...rest } = entry.details as { before?: unknown; after?: unknown } & Record<string, unknown>;
  const hasChange = 'before' in entry.details || 'after' in entry.details;
  return (
    <details className="audit-log__details">
      <summary>{S.more}</summary>
      {hasChange ? (
        <>
          <p>{S.before}</p>
          <pre>{json(before ?? null)}</pre>
          <p>{S.after}</p>
          <pre>{json(after ?? null)}</pre>
        </>
      ) : null}
      {Object.keys(rest).length > 0 ? (
        <>
          <p>{S.data}</p>
          <pre>{json(rest)}</pre>
        </>
      ) : null}
    </details>
  );
}

/** The admin page's «Журнал действий»: who did what to whom and when, newest first; filters by event and date range. */
export function AuditLog() {
  const titleId = useId();
  const [filters, setFilters] = useState<AuditLogFilters>(NO_FILTERS);
  const list = useAuditLog(filters);
  const total = list.data?.pages[0]?.total;
  const filtered = filters.event !== '' || filters.from !== '' || filters.to !== '';
  const set = (patch: Partial<AuditLogFilters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <section className="audit-log" aria-labelledby={titleId}>
      <h2 id={titleId}>{total !== undefined && !filtered ? S.titleCount(total) : S.title}</h2>
      <div className="report-queue__filters audit-log__filters">
        <label>
          {`${S.eventLabel} `}
          <select className="field__input" value={filters.event} onChange={(event) => set({ event: event.target.value })}>
            <option value="">{S.anyEvent}</option>
            {EVENT_NAMES.map((name) => (
              <option key={name} value={name}>
                {auditEventLabel(name)}
              </option>
            ))}
          </select>
        </label>
        <TextField label={S.fromLabel} type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => set({ from: event.target.value })} />
        <TextField label={S.toLabel} type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => set({ to: event.target.value })} />
        {filtered ? (
          <Button size="small" variant="ghost" onClick={() => setFilters(NO_FILTERS)}>
            {S.reset}
          </Button>
        ) : null}
      </div>
      <InfiniteList
        list={list}
        text={{ loading: S.loading, loadErrorTitle: S.errorTitle, empty: filtered ? S.filteredEmpty : S.empty, retry: S.retry }}
        errorText={pageErrorText(list, S.nextPageError)}
        moreClassName="users-admin__more"
      >
        {(entries) => (
          <div className="users-admin__scroll">
            <table className="users-admin__table audit-log__table">
              <thead>
                <tr>
                  <th scope="col">{S.columns.actor}</th>
                  <th scope="col">{S.columns.event}</th>
                  <th scope="col">{S.columns.subject}</th>
                  <th scope="col">{S.columns.when}</th>
                  <th scope="col">{S.columns.details}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <AccountLabel id={entry.actorId} name={entry.actorName} none={S.system} />
                    </td>
                    <td title={entry.eventName}>{auditEventLabel(entry.eventName)}</td>
                    <td>
                      <AccountLabel id={entry.subjectUserId} name={entry.subjectName} none={S.nobody} />
                    </td>
                    <td>
                      <time dateTime={entry.occurredAt}>{when(entry.occurredAt)}</time>
                    </td>
                    <td>
                      <Details entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </InfiniteList>
    </section>
  );
}

export default AuditLog;
