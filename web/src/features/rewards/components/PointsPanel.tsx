import { useInfiniteQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { ListState } from '../../../shared/ui/ListState';
import { pointsQuery } from '../api/rewards-api';
import { formatDate } from '../lib/collection';
import { POINTS_STRINGS } from '../strings';
import '../rewards.css';

const S = POINTS_STRINGS;

/** The viewer's points: balance, XP towards the next rank, and the history page by page. */
export function PointsPanel() {
  const points = useInfiniteQuery(pointsQuery());
  if (points.isPending) return <ListState kind="loading" label={S.loading} />;
  if (points.isError) return <ListState kind="error" title={S.loadError} message={errorMessage(points.error)} onRetry={() => void points.refetch()} />;
  const first = points.data.pages[0]!;
  const history = points.data.pages.flatMap((page) => page.history);
  return (
    <section className="rewards-section" aria-labelledby="points-heading">
      <h2 id="points-heading">{S.heading}</h2>
      <p className="points-summary">
        <strong>{S.balance(first.balance)}</strong>
        <span>{S.xp(first.xp)}</span>
        <span>{S.rank(first.rank)}</span>
        <span className="muted">{first.nextRank ? S.nextRank(first.nextRank.name, Math.max(0, first.nextRank.minXp - first.xp)) : S.topRank}</span>
      </p>
      <h3>{S.historyTitle}</h3>
      {history.length === 0 ? (
        <ListState kind="empty" text={S.historyEmpty} />
      ) : (
        <ul className="points-history" aria-label={S.historyTitle}>
          {history.map((entry) => (
            <li key={entry.id}>
              <span>{S.kinds[entry.kind] ?? entry.kind}</span>
              <span className="points-history__amount" data-sign={entry.amount > 0 ? 'plus' : 'minus'}>
                {S.amount(entry.amount)}
              </span>
              <time className="points-history__date" dateTime={entry.createdAt}>
                {formatDate(entry.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {points.hasNextPage ? (
        <Button variant="secondary" size="small" onClick={() => void points.fetchNextPage()} disabled={points.isFetchingNextPage}>
          {points.isFetchingNextPage ? S.moreLoading : S.more}
        </Button>
      ) : null}
    </section>
  );
}
