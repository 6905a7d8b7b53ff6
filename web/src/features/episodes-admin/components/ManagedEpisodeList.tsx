import type { ManagedEpisode } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/lib/format-time';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ListState } from '../../../shared/ui/ListState';
import { usePublishEpisode } from '../hooks/useEpisodeActions';
import { formatQualities } from '../lib/episodes-admin-format';
import { EPISODES_ADMIN_STRINGS } from '../strings';

const S = EPISODES_ADMIN_STRINGS.episodes;

function ManagedEpisodeRow({ animeId, episode }: { animeId: number; episode: ManagedEpisode }) {
  const publish = usePublishEpisode(animeId);
  const { number, published } = episode;
  return (
    <tr className={published ? undefined : 'episodes-admin__row--hidden'}>
      <th scope="row">{number}</th>
      <td>{episode.title || S.noValue}</td>
      <td>{episode.durationSeconds ? formatTime(episode.durationSeconds) : S.noValue}</td>
      <td>{formatQualities(episode.qualities) || S.noValue}</td>
      <td>{S.origins[episode.origin]}</td>
      <td title={episode.origin === 'samples' ? S.samplesAlwaysPublished : undefined}>{published ? S.published : S.hidden}</td>
      <td>
        <div className="episodes-admin__actions">
          {/* Samples are always published: only an upload can be hidden. */}
          {episode.origin === 'upload' ? (
            <Button
              size="small"
              variant={published ? 'secondary' : 'primary'}
              disabled={publish.isPending}
              onClick={() => publish.mutate({ number, published: !published })}
              aria-label={published ? S.hideLabel(number) : S.publishLabel(number)}
            >
              {publish.isPending ? S.pending : published ? S.hide : S.publish}
            </Button>
          ) : null}
          <Link to={`/watch/${animeId}/${number}`} aria-label={S.watchLabel(number)}>
            {S.watch}
          </Link>
        </div>
        <FieldMessage message={publish.error ? errorMessage(publish.error) : null} />
      </td>
    </tr>
  );
}

/** «Серии на сайте»: every episode of the title, published or not, by number. */
export function ManagedEpisodeList({ animeId, episodes }: { animeId: number; episodes: readonly ManagedEpisode[] }) {
  if (episodes.length === 0) return <ListState kind="empty" text={S.empty} />;
  return (
    <div className="episodes-admin__scroll">
      <table className="episodes-admin__table">
        <thead>
          <tr>
            <th scope="col">{S.columns.number}</th>
            <th scope="col">{S.columns.title}</th>
            <th scope="col">{S.columns.duration}</th>
            <th scope="col">{S.columns.qualities}</th>
            <th scope="col">{S.columns.origin}</th>
            <th scope="col">{S.columns.status}</th>
            <th scope="col">{S.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {[...episodes]
            .sort((a, b) => a.number - b.number)
            .map((episode) => (
              <ManagedEpisodeRow key={episode.number} animeId={animeId} episode={episode} />
            ))}
        </tbody>
      </table>
    </div>
  );
}
