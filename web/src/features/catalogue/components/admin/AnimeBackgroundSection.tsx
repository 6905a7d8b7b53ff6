import type { AnimeDetails } from '@portal/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { Button } from '../../../../shared/ui/Button';
import { Spinner } from '../../../../shared/ui/Spinner';
import { ADMIN_STRINGS } from '../../admin-strings';
import { BACKGROUND_POLL_MS, backgroundImagesQuery, setBackground } from '../../api/anime-admin-api';
import { titleQuery } from '../../../../shared/api/title-api';
import { InlineError } from '../InlineError';
import '../../catalogue.css';
import '../../anime-admin.css';

const S = ADMIN_STRINGS.background;

/**
 * "Фон" in the edit dialog: the current background, Shikimori's screenshots to choose from, and the
 * choice sent as a queued job. Until the job has run the title is re-read every 2 s.
 */
export function AnimeBackgroundSection({ anime }: { anime: Pick<AnimeDetails, 'id' | 'background'> }) {
  const [searching, setSearching] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const images = useQuery({ ...backgroundImagesQuery(anime.id), enabled: searching });
  const details = useQuery({
    ...titleQuery(anime.id),
    enabled: waitingFor !== null,
    refetchInterval: (query) => (query.state.data?.background === waitingFor ? false : BACKGROUND_POLL_MS),
  });
  const apply = useMutation({
    mutationFn: (url: string) => setBackground(anime.id, url),
    onSuccess: (_, url) => setWaitingFor(url),
  });

  const current = (details.data ?? anime).background;
  const applied = waitingFor !== null && current === waitingFor;
  const applyError = apply.error ? (isApiError(apply.error) && apply.error.fieldMessage('backgroundUrl')) || apply.error.message : null;

  return (
    <section className="anime-admin__section" aria-labelledby="anime-background-title">
      <h3 id="anime-background-title" className="anime-admin__title">
        {S.title}
      </h3>
      <figure className="anime-admin__current">
        {current ? <img className="anime-admin__background" src={current} alt={S.current} /> : <p className="muted">{S.none}</p>}
      </figure>

      {!searching ? (
        <div>
          <Button variant="secondary" onClick={() => setSearching(true)}>
            {S.search}
          </Button>
        </div>
      ) : images.isPending ? (
        <Spinner label={S.searching} />
      ) : images.isError ? (
        <InlineError message={`${S.searchFailed}: ${images.error.message}`} onRetry={() => void images.refetch()} />
      ) : images.data.images.length === 0 ? (
        <p className="muted">{S.empty}</p>
      ) : (
        <>
          <fieldset className="anime-admin__choices" disabled={apply.isPending}>
            <legend>{S.choices}</legend>
            {images.data.images.map((image, index) => (
              <label key={image.original} className="anime-admin__choice">
                <input
                  type="radio"
                  name="anime-background"
                  value={image.original}
                  checked={picked === image.original}
                  onChange={() => {
                    setPicked(image.original);
                    apply.reset();
                  }}
                />
                <img src={image.preview} alt={S.choice(index + 1)} loading="lazy" />
              </label>
            ))}
          </fieldset>
          {applyError ? (
            <p className="form__error" role="alert">
              {S.applyFailed}: {applyError}
            </p>
          ) : null}
          <div className="edit-form__actions">
            <Button onClick={() => picked && apply.mutate(picked)} disabled={!picked || apply.isPending} aria-busy={apply.isPending || undefined}>
              {apply.isPending ? S.applying : S.apply}
            </Button>
          </div>
        </>
      )}

      {waitingFor ? (
        <p className="anime-admin__status" role="status">
          {applied ? S.applied : S.queued}
        </p>
      ) : null}
    </section>
  );
}
