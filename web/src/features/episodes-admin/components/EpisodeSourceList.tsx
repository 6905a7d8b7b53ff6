import type { EpisodeSourceView } from '@portal/contracts';
import { errorMessage } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/lib/format-time';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ListState } from '../../../shared/ui/ListState';
import { useSourceAction } from '../hooks/useEpisodeActions';
import { formatAudioTrack, formatMegabytes, isInWork, newestFirst, sourceStateText, wholePercent } from '../lib/episodes-admin-format';
import { EPISODES_ADMIN_STRINGS } from '../strings';
import { ProgressBar } from './ProgressBar';

const S = EPISODES_ADMIN_STRINGS.sources;

/** One upload: its file, what ffprobe found, where its transcode is, and «Отменить» or «Повторить». */
function EpisodeSourceItem({ animeId, source }: { animeId: number; source: EpisodeSourceView }) {
  const cancel = useSourceAction(animeId, 'cancel');
  const retry = useSourceAction(animeId, 'retry');
  const pending = cancel.isPending || retry.isPending;
  const failure = cancel.error ?? retry.error;
  const state = sourceStateText(source);
  const facts = [S.resolution(source.width, source.height), formatTime(source.durationSeconds), `${formatMegabytes(source.sizeBytes)} МБ`];
  const audio = source.audioTracks.map(formatAudioTrack).join(', ') || S.noAudio;

  return (
    <li className={`episode-source episode-source--${source.state}`}>
      <div className="episode-source__head">
        <strong className="episode-source__name">{S.item(source.number, source.fileName)}</strong>
        {isInWork(source.state) ? (
          <Button size="small" variant="secondary" disabled={pending} onClick={() => cancel.mutate(source.id)} aria-label={S.cancelLabel(source.number)}>
            {cancel.isPending ? S.pending : S.cancel}
          </Button>
        ) : source.state === 'failed' || source.state === 'cancelled' ? (
          <Button size="small" variant="secondary" disabled={pending} onClick={() => retry.mutate(source.id)} aria-label={S.retryLabel(source.number)}>
            {retry.isPending ? S.pending : S.retry}
          </Button>
        ) : null}
      </div>
      <p className="episode-source__facts muted">{facts.join(' · ')}</p>
      <p className="episode-source__audio">
        <span className="muted">{S.audioLabel}: </span>
        {audio}
      </p>
      {source.state === 'transcoding' ? (
        <ProgressBar label={S.progressLabel(source.number)} percent={wholePercent(source.progress)} text={state} />
      ) : (
        <p className={`episode-source__state episode-source__state--${source.state}`}>{state}</p>
      )}
      <FieldMessage message={failure ? errorMessage(failure) : null} />
    </li>
  );
}

/** «Загрузки»: the title's uploads, newest first. */
export function EpisodeSourceList({ animeId, sources }: { animeId: number; sources: readonly EpisodeSourceView[] }) {
  if (sources.length === 0) return <ListState kind="empty" text={S.empty} />;
  return (
    <ul className="episode-sources" aria-label={S.listLabel}>
      {newestFirst(sources).map((source) => (
        <EpisodeSourceItem key={source.id} animeId={animeId} source={source} />
      ))}
    </ul>
  );
}
