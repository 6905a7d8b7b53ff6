import { STATS_METRICS, STATS_RANGES, type StatsRange } from '@portal/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { ListState } from '../../../shared/ui/ListState';
import { useSiteStats } from '../api/stats-api';
import { STATS_STRINGS as S } from '../strings';
import '../moderation.css';

// The chart library is loaded with this page only, never with the main bundle.
const StatsCharts = lazy(() => import('./StatsCharts'));

/** /admin/reports (admins only): the site's daily figures for 7, 30 or 90 days as charts and totals, and the job queues now. */
export default function SiteStatsPage() {
  const titleId = useId();
  const [days, setDays] = useState<StatsRange>(7);
  const stats = useSiteStats(days);

  let body;
  if (stats.isPending) body = <ListState kind="loading" label={S.loading} />;
  else if (stats.isError && !stats.data)
    body = <ListState kind="error" title={S.errorTitle} message={errorMessage(stats.error)} retryLabel={S.retry} onRetry={() => void stats.refetch()} />;
  else {
    const { series, totals, queues } = stats.data;
    const quiet = STATS_METRICS.every((metric) => totals[metric] === 0);
    body = (
      <>
        {quiet ? (
          <ListState kind="empty" text={S.empty} />
        ) : (
          <>
            <section aria-label={S.totals}>
              <ul className="site-stats__totals">
                {STATS_METRICS.map((metric) => (
                  <li key={metric}>
                    <span className="muted">{S.metrics[metric]}</span>
                    <strong>{totals[metric].toLocaleString('ru-RU')}</strong>
                  </li>
                ))}
              </ul>
            </section>
            <Suspense fallback={<ListState kind="loading" label={S.chartLoading} />}>
              <StatsCharts series={series} />
            </Suspense>
          </>
        )}
        <section aria-labelledby={`${titleId}-queues`}>
          <h2 id={`${titleId}-queues`}>{S.queues}</h2>
          <table className="site-stats__queues">
            <thead>
              <tr>
                <th scope="col">{S.queueColumns.name}</th>
                <th scope="col">{S.queueColumns.waiting}</th>
                <th scope="col">{S.queueColumns.active}</th>
                <th scope="col">{S.queueColumns.delayed}</th>
                <th scope="col">{S.queueColumns.failed}</th>
              </tr>
            </thead>
            <tbody>
              {queues.map((queue) => (
                <tr key={queue.name}>
                  <th scope="row">{queue.name}</th>
                  <td>{queue.waiting}</td>
                  <td>{queue.active}</td>
                  <td>{queue.delayed}</td>
                  <td className={queue.failed > 0 ? 'site-stats__failed' : undefined}>{queue.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </>
    );
  }

  return (
    <div className="page site-stats">
      <Link to="/admin">{S.backToAdmin}</Link>
      <h1 id={titleId}>{S.title}</h1>
      <p className="muted">{S.intro}</p>
      <div role="group" aria-label={S.rangeLabel} className="site-stats__ranges">
        {STATS_RANGES.map((range) => (
          <Button key={range} size="small" variant={days === range ? 'primary' : 'secondary'} aria-pressed={days === range} onClick={() => setDays(range)}>
            {S.range(range)}
          </Button>
        ))}
      </div>
      {body}
    </div>
  );
}
