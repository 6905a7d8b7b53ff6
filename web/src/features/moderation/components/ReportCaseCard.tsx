import type { ReportCase } from '@portal/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import type { BanInput } from '../api/bans-api';
import { useDecideReport } from '../api/moderation-api';
import { BAN_STRINGS, MODERATION_STRINGS as S } from '../strings';
import { BanUserDialog } from './BanUserDialog';

/** One reported target: the content as it was reported, who reported it and why, and the decisions. */
export function ReportCaseCard({ item }: { item: ReportCase }) {
  const decide = useDecideReport();
  const { snapshot } = item;
  const author = snapshot.authorUsername ?? S.noAuthor;
  const [banning, setBanning] = useState(false);
  const run = (action: 'resolve' | 'reject', deleteContent = false) => decide.mutate({ id: item.id, decision: { action, deleteContent } });
  // One decision: the case resolved and its author banned together (or neither).
  const banAuthor = (ban: BanInput, deleteContent: boolean) =>
    decide.mutate({ id: item.id, decision: { action: 'resolve', deleteContent, ban } }, { onSuccess: () => setBanning(false) });
  return (
    <article className="report-case" aria-label={S.item(S.targets[item.target.type], author)} data-case-id={item.id}>
      <header className="report-case__head">
        <span className="report-case__type">{S.targets[item.target.type]}</span>
        <span className="report-case__author">{author}</span>
        <span className="report-case__count">{S.count(item.count)}</span>
        {item.held ? <span className="report-case__held">{S.held}</span> : null}
      </header>
      <blockquote className="report-case__excerpt">{snapshot.excerpt || S.emptyExcerpt}</blockquote>
      <Link className="report-case__link" to={snapshot.link}>
        {S.open}
      </Link>
      <ul className="report-case__reasons">
        {item.reasons.map(({ reason, count }) => (
          <li key={reason}>{`${S.reasons[reason]} × ${count}`}</li>
        ))}
      </ul>
      <ul className="report-case__reports" aria-label={S.reportsLabel}>
        {item.reports.map((entry) => (
          <li key={`${entry.reporter.id}-${entry.createdAt}`}>
            <strong>{entry.reporter.username}</strong>
            {`: ${S.reasons[entry.reason]}`}
            {entry.text ? ` — ${entry.text}` : ''}
          </li>
        ))}
      </ul>
      {item.decision ? (
        <p className="report-case__decision">
          {S.decided[item.decision.action]}
          {item.decision.contentDeleted ? `, ${S.contentDeleted}` : ''}
        </p>
      ) : (
        <div className="report-case__actions">
          {item.target.type !== 'user' ? (
            <Button size="small" disabled={decide.isPending} onClick={() => run('resolve', true)}>
              {decide.isPending ? S.deciding : S.deleteAndResolve}
            </Button>
          ) : null}
          <Button size="small" variant="secondary" disabled={decide.isPending} onClick={() => run('resolve')}>
            {S.resolve}
          </Button>
          <Button size="small" variant="ghost" disabled={decide.isPending} onClick={() => run('reject')}>
            {S.reject}
          </Button>
          {snapshot.authorId ? (
            <Button size="small" variant="secondary" disabled={decide.isPending} onClick={() => setBanning(true)}>
              {BAN_STRINGS.open}
            </Button>
          ) : null}
        </div>
      )}
      <BanUserDialog
        open={banning}
        onOpenChange={(open) => {
          setBanning(open);
          if (!open) decide.reset();
        }}
        username={author}
        onSubmit={banAuthor}
        offerDelete={item.target.type !== 'user'}
        pending={decide.isPending}
        error={banning ? decide.error : null}
      />
      <FieldMessage message={decide.error && !banning ? errorMessage(decide.error) : null} />
    </article>
  );
}
