import type { AnimeStats } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { animeStatsQuery } from '../api/catalogue-api';
import { CATALOGUE_STRINGS } from '../strings';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.anime;
const ORDER = ['watching', 'completed', 'planned', 'on_hold', 'dropped', 'rewatching'] as const;

export function AnimeStatsBars({ stats }: { stats: AnimeStats }) {
  const total = ORDER.reduce((sum, status) => sum + (stats.statuses[status] ?? 0), 0);
  if (total === 0 && stats.votes === 0) return <p className="muted">{S.statsEmpty}</p>;
  const max = Math.max(1, ...ORDER.map((status) => stats.statuses[status] ?? 0));
  return (
    <div className="anime-stats">
      {ORDER.map((status) => {
        const count = stats.statuses[status] ?? 0;
        return (
          <div key={status} className="anime-stats__row">
            <span>{S.listStatuses[status]}</span>
            <span className="anime-stats__bar" aria-hidden="true">
              <span style={{ width: `${Math.round((count / max) * 100)}%` }} />
            </span>
            <span className="anime-stats__value">{count.toLocaleString('ru-RU')}</span>
          </div>
        );
      })}
      {stats.averageScore !== null ? (
        <p className="muted">
          {S.averageScore(stats.averageScore)} ({S.votes(stats.votes)})
        </p>
      ) : null}
    </div>
  );
}

/** How many users plan, watch, completed... the title (/api/anime/{id}/stats). */
export function AnimeStatsPanel({ animeId }: { animeId: number | string }) {
  const stats = useQuery(animeStatsQuery(animeId));
  if (stats.isPending) return <Spinner label={S.statsLoading} />;
  if (stats.isError) {
    return (
      <div className="inline-state inline-state--error" role="alert">
        <p>{S.statsError}</p>
        <Button variant="secondary" size="small" onClick={() => void stats.refetch()}>
          {CATALOGUE_STRINGS.retry}
        </Button>
      </div>
    );
  }
  return <AnimeStatsBars stats={stats.data} />;
}
