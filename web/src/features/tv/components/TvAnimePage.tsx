import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error';
import { PosterImage } from '../../../shared/ui/PosterImage';
import { Spinner } from '../../../shared/ui/Spinner';
import { episodesQuery, progressQuery, titleQuery } from '../../../shared/api/title-api';
import { decideResume } from '../../../shared/lib/resume';
import { parsePositiveId } from '../../../shared/lib/route-params';
import { TV_STRINGS } from '../strings';
import { TvScreen } from './TvScreen';

const S = TV_STRINGS;

/** /tv/anime/:id: poster, title, description, "Смотреть" (or "Продолжить") and the episodes. Back returns to /tv. */
export default function TvAnimePage() {
  const id = parsePositiveId(useParams().id);
  const navigate = useNavigate();
  const goHome = () => navigate('/tv');
  if (id === null) {
    return (
      <TvScreen onBack={goHome} contentKey="not-found">
        <NotFound onBack={goHome} />
      </TvScreen>
    );
  }
  return <TvAnimeLoader key={id} id={id} onBack={goHome} />;
}

function NotFound({ onBack }: { onBack(): void }) {
  return (
    <div className="tv-state" role="alert">
      <h1 className="tv-state__title">{S.animeNotFound}</h1>
      <p>{S.animeNotFoundText}</p>
      <button type="button" className="tv-button" onClick={onBack}>
        {S.back}
      </button>
    </div>
  );
}

function TvAnimeLoader({ id, onBack }: { id: number; onBack(): void }) {
  const anime = useQuery(titleQuery(id));
  const episodes = useQuery(episodesQuery(id));
  // The title's latest saved point; a failed read counts as none (below), as in the player.
  const progress = useQuery(progressQuery(id));
  const pending = anime.isPending || episodes.isPending || progress.isPending;
  const notFound = [anime.error, episodes.error].some((error) => isApiError(error) && error.status === 404);

  let body;
  if (notFound) {
    body = <NotFound onBack={onBack} />;
  } else if (pending) {
    body = (
      <div className="tv-state">
        <Spinner label={S.loading} />
      </div>
    );
  } else if (anime.isError || episodes.isError) {
    body = (
      <div className="tv-state" role="alert">
        <h1 className="tv-state__title">{S.loadFailed}</h1>
        <p>{(anime.error ?? episodes.error)?.message}</p>
        <button type="button" className="tv-button" data-tv-autofocus onClick={() => void Promise.all([anime.refetch(), episodes.refetch()])}>
          {S.retry}
        </button>
        <button type="button" className="tv-button tv-button--secondary" onClick={onBack}>
          {S.back}
        </button>
      </div>
    );
  } else {
    const details = anime.data!;
    const list = episodes.data!.episodes;
    const point = progress.isError ? null : (progress.data ?? null);
    const pointEpisode = point ? list.find((episode) => episode.number === point.episode) : undefined;
    // What the player will do with the point: resume it, or start that episode over (barely started, or finished).
    const decision = point && pointEpisode ? decideResume(point, pointEpisode.durationSeconds) : null;
    const resume = point && decision?.kind === 'resume' ? { episode: point.episode, position: decision.position } : null;
    const target = pointEpisode?.number ?? list[0]?.number;
    const facts = S.facts(details.year, details.episodes);
    body = (
      <article className="tv-anime">
        <PosterImage className="tv-anime__poster" src={details.poster} fallbackSrc={details.fallbackPoster} alt="" loading="eager" />
        <div className="tv-anime__body">
          <h1 className="tv-anime__title">{details.title}</h1>
          {facts ? <p className="tv-anime__facts">{facts}</p> : null}
          {details.description ? <p className="tv-anime__description">{details.description}</p> : null}
          {list.length > 0 ? (
            <>
              <div className="tv-anime__actions">
                <Link className="tv-button" to={`/tv/watch/${id}/${target}`} data-tv-autofocus>
                  {resume ? S.continueWatching(resume.episode, resume.position) : S.watch}
                </Link>
                <button type="button" className="tv-button tv-button--secondary" onClick={onBack}>
                  {S.back}
                </button>
              </div>
              <h2 className="tv-anime__subtitle">
                {S.episodes} · {S.episodeCount(list.length)}
              </h2>
              <ul className="tv-episodes" aria-label={S.episodes}>
                {list.map((episode) => (
                  <li key={episode.number}>
                    <Link className="tv-episode" to={`/tv/watch/${id}/${episode.number}`}>
                      {S.episode(episode.number, episode.title)}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <>
              <p className="tv-anime__empty" role="status">
                <strong>{S.noEpisodes}</strong> {S.noEpisodesText}
              </p>
              <div className="tv-anime__actions">
                <button type="button" className="tv-button" onClick={onBack} data-tv-autofocus>
                  {S.back}
                </button>
              </div>
            </>
          )}
        </div>
      </article>
    );
  }
  return (
    <TvScreen onBack={onBack} contentKey={pending ? 'pending' : notFound ? 'not-found' : anime.status + episodes.status}>
      {body}
    </TvScreen>
  );
}
