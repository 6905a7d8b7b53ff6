import { useQuery } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
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
}

/** "/": continue watching (when the library provides it), popular, new, featured collections, then the latest comments. */
export default function HomePage({ continueWatching: ContinueWatching, latestComments: LatestComments }: HomePageProps = {}) {
  const popular = useQuery(popularAnimeQuery());
  const fresh = useQuery(newAnimeQuery());
  return (
    <div className="page home-page">
      <h1 className="visually-hidden">{S.title}</h1>
      {ContinueWatching ? (
        <Suspense fallback={null}>
          <ContinueWatching />
        </Suspense>
      ) : null}
      <AnimeRowSection
        title={S.popular}
        moreTo="/catalog"
        isPending={popular.isPending}
        error={popular.error}
        items={popular.data?.items}
        onRetry={() => void popular.refetch()}
        priorityCount={3}
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
      {LatestComments ? (
        <Suspense fallback={null}>
          <LatestComments />
        </Suspense>
      ) : null}
    </div>
  );
}
