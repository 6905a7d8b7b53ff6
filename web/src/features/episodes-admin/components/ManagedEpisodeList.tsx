import type { ManagedEpisode } from '@portal/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/lib/format-time';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ListState } from '../../../shared/ui/ListState';
import { useEpisodeMarkers, usePublishEpisode } from '../hooks/useEpisodeActions';
import { markersSummary } from '../lib/episode-markers';
import { formatQualities } from '../lib/episodes-admin-format';
import { EPISODES_ADMIN_STRINGS } from '../strings';
import { EpisodeMarkersDialog } from './EpisodeMarkersDialog';
import { EpisodeTracksDialog } from './EpisodeTracksDialog';

const S = EPISODES_ADMIN_STRINGS.episodes;
const M = EPISODES_ADMIN_STRINGS.markers;
const T = EPISODES_ADMIN_STRINGS.tracks;

/** «Опенинг 0:05–1:35 · Эндинг 22:10–23:40» and where they came from (nothing said when from nowhere yet, or with the samples). */
function EpisodeMarkersCell({ episode }: { episode: ManagedEpisode }) {
  const origin = episode.markersOrigin;
  return (
    <td>
      <div className="episode-markers-cell">
        <span>{markersSummary(episode)}</span>
        {origin ? (
          <span className={`episode-markers-badge episode-markers-badge--${origin}`} title={M.originHints[origin]}>
            {M.origins[origin]}
          </span>
        ) : null}
      </div>
    </td>
  );
}

/** «Изменить отметки» and its dialog; the dialog closes once the server took the markers. */
function EditMarkers({ animeId, episode }: { animeId: number; episode: ManagedEpisode }) {
  const [open, setOpen] = useState(false);
  const save = useEpisodeMarkers(animeId);
  return (
    <>
      <Button
        size="small"
        variant="secondary"
        onClick={() => {
          save.reset();
          setOpen(true);
        }}
        aria-label={M.editLabel(episode.number)}
      >
        {M.edit}
      </Button>
      <EpisodeMarkersDialog
        open={open}
        onOpenChange={setOpen}
        episode={episode}
        pending={save.isPending}
        error={save.error}
        onSubmit={(markers) => save.mutate({ number: episode.number, markers }, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}

/** «Дорожки» and its dialog: the episode's voice-overs and subtitles, and a new one added without re-encoding the video. */
function EditTracks({ animeId, number }: { animeId: number; number: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="secondary" onClick={() => setOpen(true)} aria-label={T.openLabel(number)}>
        {T.open}
      </Button>
      <EpisodeTracksDialog open={open} onOpenChange={setOpen} animeId={animeId} number={number} />
    </>
  );
}

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
      <EpisodeMarkersCell episode={episode} />
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
          {episode.origin === 'upload' ? <EditMarkers animeId={animeId} episode={episode} /> : null}
          {/* Tracks are added to a transcoded upload's playlist; the samples' streams are fixed. */}
          {episode.origin === 'upload' ? <EditTracks animeId={animeId} number={number} /> : null}
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
            <th scope="col">{S.columns.markers}</th>
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
