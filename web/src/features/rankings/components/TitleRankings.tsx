import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-error';
import { formatCount } from '../../../shared/lib/plural';
import { ListState } from '../../../shared/ui/ListState';
import { titleRankingsQuery } from '../api/rankings-api';
import { RANKINGS_STRINGS as S } from '../strings';
import { TitleRankingList } from './TitleRankingList';

/** The two title lists: best scored by our users, and most watched this week. */
export function TitleRankings() {
  const titles = useQuery(titleRankingsQuery());
  return (
    <section className="rankings-section" aria-labelledby="rankings-titles">
      <h2 id="rankings-titles">{S.titlesTitle}</h2>
      {titles.isPending ? (
        <ListState kind="loading" label={S.loading} />
      ) : titles.isError ? (
        <ListState kind="error" title={S.titlesLoadError} message={errorMessage(titles.error)} onRetry={() => void titles.refetch()} />
      ) : (
        <div className="rankings-titles">
          <TitleRankingList
            title={S.topRatedTitle}
            hint={S.topRatedHint(titles.data.minVotes)}
            entries={titles.data.topRated}
            empty={S.emptyTopRated}
            valueText={(entry) => S.scoreOf(entry.value, formatCount(entry.votes, S.voteForms))}
          />
          <TitleRankingList
            title={S.mostWatchedTitle}
            hint={S.mostWatchedHint}
            entries={titles.data.mostWatched}
            empty={S.emptyMostWatched}
            valueText={(entry) => formatCount(entry.value, S.viewerForms)}
          />
        </div>
      )}
    </section>
  );
}
