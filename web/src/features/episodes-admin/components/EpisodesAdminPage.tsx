import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { parsePositiveId } from '../../../shared/lib/route-params';
import { ListState } from '../../../shared/ui/ListState';
import { PageNotFound } from '../../../shared/ui/PageNotFound';
import { episodeManagementQuery } from '../api/episodes-admin-api';
import { nextFreeNumber } from '../lib/episodes-admin-format';
import { EPISODES_ADMIN_STRINGS as S } from '../strings';
import { EpisodeSourceList } from './EpisodeSourceList';
import { EpisodeUploadForm } from './EpisodeUploadForm';
import { ManagedEpisodeList } from './ManagedEpisodeList';
import '../episodes-admin.css';

function EpisodesAdminScreen({ animeId }: { animeId: number }) {
  const sourcesId = useId();
  const episodesId = useId();
  const management = useQuery(episodeManagementQuery(animeId));

  let body;
  if (management.isPending) body = <ListState kind="loading" label={S.loading} />;
  else if (management.isError && !management.data)
    body = (
      <ListState kind="error" title={S.errorTitle} message={errorMessage(management.error)} retryLabel={S.retry} onRetry={() => void management.refetch()} />
    );
  else {
    const { episodes, sources } = management.data;
    body = (
      <>
        <EpisodeUploadForm animeId={animeId} defaultNumber={nextFreeNumber(management.data)} />
        <section className="card episodes-admin__section" aria-labelledby={sourcesId}>
          <h2 id={sourcesId}>{S.sources.title}</h2>
          <EpisodeSourceList animeId={animeId} sources={sources} />
        </section>
        <section className="card episodes-admin__section" aria-labelledby={episodesId}>
          <h2 id={episodesId}>{S.episodes.title}</h2>
          <ManagedEpisodeList animeId={animeId} episodes={episodes} />
        </section>
      </>
    );
  }

  return (
    <div className="page episodes-admin">
      <Link to={`/anime/${animeId}`}>{S.backToTitle}</Link>
      <h1>{management.data ? S.titleOf(management.data.title) : S.title}</h1>
      {body}
    </div>
  );
}

/**
 * /admin/anime/:id/episodes (uploaders and admins; the router guards it): upload an episode's file,
 * follow its transcode (read again every 2 s while one is in work), publish or hide the episodes.
 */
export default function EpisodesAdminPage() {
  const animeId = parsePositiveId(useParams().id);
  if (animeId === null) return <PageNotFound title={S.notFoundTitle} text={S.notFoundText} backTo="/catalog" backLabel={S.toCatalogue} />;
  return <EpisodesAdminScreen animeId={animeId} />;
}
