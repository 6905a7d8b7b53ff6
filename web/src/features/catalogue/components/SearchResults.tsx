import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../shared/ui/Button';
import { Icon } from '../../../shared/ui/Icon';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { searchAnimeQuery } from '../api/catalogue-api';
import { CATALOGUE_STRINGS } from '../strings';
import { AnimeGrid, AnimeGridSkeleton } from './AnimeGrid';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.search;
export const SEARCH_RESULTS_LIMIT = 50;

export interface SearchResultsProps {
  query: string;
  onClose(): void;
}

/** Results of /api/anime/search for the submitted text (typo-tolerant, any language of the title). */
export function SearchResults({ query, onClose }: SearchResultsProps) {
  const search = useQuery(searchAnimeQuery(query, SEARCH_RESULTS_LIMIT));
  return (
    <section className="search-results" aria-labelledby="search-results-title">
      <div className="search-results__header">
        <h2 className="search-results__title" id="search-results-title">
          {S.resultsTitle(query)}
        </h2>
        <Button variant="secondary" size="small" onClick={onClose}>
          {S.close}
        </Button>
      </div>
      {search.isPending ? (
        <AnimeGridSkeleton count={6} label={S.resultsLoading} />
      ) : search.isError ? (
        <StatePanel
          headingLevel={2}
          icon={<Icon name="tools" sizePx={40} />}
          title={S.resultsError}
          text={search.error.message}
          actions={<Button onClick={() => void search.refetch()}>{CATALOGUE_STRINGS.retry}</Button>}
        />
      ) : search.data.length === 0 ? (
        <StatePanel headingLevel={2} icon={<Icon name="compass" sizePx={40} />} title={S.resultsEmpty} />
      ) : (
        <>
          <p className="catalogue-page__count" aria-live="polite">
            {S.resultsCount(search.data.length)}
          </p>
          <AnimeGrid items={search.data} label={S.resultsTitle(query)} />
        </>
      )}
    </section>
  );
}
