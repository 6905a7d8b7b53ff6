import { EAGER_POSTERS } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { continueWatchingQuery } from '../../../shared/api/title-api';
import { usePageSettled } from '../../../shared/lib/page-settled';
import { useSession } from '../../../shared/session/session-context';
import { Spinner } from '../../../shared/ui/Spinner';
import { newAnimeQuery, popularAnimeQuery } from '../api/catalogue-api';
import { CATALOGUE_STRINGS } from '../strings';
import { AnimeRowSection } from './AnimeRow';
import { CollectionsRow } from './CollectionsRow';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.home;

export interface HomePageProps {
  /** The library's live "Продолжить просмотр" row, composed by the app (features may not import each other). */
  continueWatching?: ComponentType;
  /** The comments' «Последние комментарии», below the fold, composed by the app the same way. */
  latestComments?: ComponentType;
  /** The news' «Новости» (latest few), below the fold, composed by the app the same way. */
  latestNews?: ComponentType;
}

/** "/": continue watching (when the library provides it), popular, new, featured collections, then the latest comments. */
export default function HomePage({ continueWatching: ContinueWatching, latestComments: LatestComments, latestNews: LatestNews }: HomePageProps = {}) {
  const { user } = useSession();
  const popular = useQuery(popularAnimeQuery());
  const fresh = useQuery(newAnimeQuery());
  // Whether a signed-in viewer's «Продолжить просмотр» row is there at all decides where every row below
  // it stands: the rows wait for that answer (and for the row's code, below) instead of showing and then
  // being pushed down by it (a layout shift of 0.36 on a phone, issue #13). The same cache entry the row reads.
  const continuing = useQuery({ ...continueWatchingQuery(), enabled: Boolean(ContinueWatching && user) });
  // «Последние комментарии» is below the fold: it comes once the page has settled, never above rows still to come.
  const settled = usePageSettled();
  if (ContinueWatching && user && continuing.isPending) {
    return (
      <div className="page home-page">
        <h1 className="visually-hidden">{S.title}</h1>
        <HomePageLoading />
      </div>
    );
  }
  return (
    <div className="page home-page">
      <h1 className="visually-hidden">{S.title}</h1>
      <Suspense fallback={<HomePageLoading />}>
        {ContinueWatching ? <ContinueWatching /> : null}
        <AnimeRowSection
          title={S.popular}
          moreTo="/catalog"
          isPending={popular.isPending}
          error={popular.error}
          items={popular.data?.items}
          onRetry={() => void popular.refetch()}
          priorityCount={EAGER_POSTERS.home}
        />
        <AnimeRowSection
          title={S.fresh}
          moreTo="/catalog?sort=new"
          isPending={fresh.isPending}
          error={fresh.error}
          items={fresh.data?.items}
          onRetry={() => void fresh.refetch()}
        />
        <CollectionsRow />
      </Suspense>
      {LatestNews && settled ? (
        <Suspense fallback={null}>
          <LatestNews />
        </Suspense>
      ) : null}
      {LatestComments && settled ? (
        <Suspense fallback={null}>
          <LatestComments />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The home page while the viewer's «Продолжить просмотр» row is looked up: a spinner, which moves nothing when it goes. */
export function HomePageLoading() {
  return (
    <div className="state-panel" aria-busy="true">
      <Spinner label={CATALOGUE_STRINGS.grid.loading} />
    </div>
  );
}
