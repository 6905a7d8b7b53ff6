import { type ContinueWatchingItem, EAGER_POSTERS, watchedPercent } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../../../shared/session/session-context';
import { Icon } from '../../../shared/ui/Icon';
import { PosterImage } from '../../../shared/ui/PosterImage';
import { continueWatchingQuery } from '../../../shared/api/title-api';
import { useDismissContinueMutation } from '../hooks/useLibraryMutations';
import { LIBRARY_STRINGS } from '../strings';
import '../library.css';

const S = LIBRARY_STRINGS;

/** The home page's "Продолжить просмотр" row: hidden for guests, when empty and when it cannot load. */
export function ContinueWatching() {
  const { user } = useSession();
  if (!user) return null;
  return <ContinueWatchingLoader />;
}

export default ContinueWatching;

function ContinueWatchingLoader() {
  const titleId = useId();
  const items = useQuery(continueWatchingQuery());
  const dismiss = useDismissContinueMutation();
  // A secondary row: a failure leaves the home page as it is rather than adding an error to it.
  if (items.isError || (items.isSuccess && items.data.length === 0)) return null;
  return (
    <section className="continue-watching" aria-labelledby={titleId}>
      <h2 className="continue-watching__title" id={titleId}>
        {S.continueWatching}
      </h2>
      {items.isPending ? (
        <ul className="continue-watching__row" aria-busy="true" aria-label={S.continueLoading}>
          {Array.from({ length: 4 }, (_, index) => (
            <li key={index} className="continue-card continue-card--skeleton" />
          ))}
        </ul>
      ) : (
        <ul className="continue-watching__row" aria-label={S.continueWatching}>
          {items.data.map((item, index) => (
            <li key={`${item.animeId}-${item.episode}`} className="continue-watching__item">
              <ContinueCard item={item} priority={index < EAGER_POSTERS.continueRow} onDismiss={() => dismiss.mutate(item.animeId)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The card leaves the row: the focus moves to a neighbour's link rather than being lost with it. */
function focusNeighbour(event: MouseEvent<HTMLElement>) {
  const item = event.currentTarget.closest('li');
  (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector('a')?.focus();
}

function ContinueCard({ item, priority, onDismiss }: { item: ContinueWatchingItem; priority: boolean; onDismiss(): void }) {
  const titleId = useId();
  const percent = watchedPercent(item.position, item.duration);
  return (
    <>
      <Link className="continue-card" to={`/watch/${item.animeId}/${item.episode}`} aria-label={S.continueLink(item.anime.title, item.episode, item.position)}>
        <span className="continue-card__poster">
          <PosterImage
            src={item.anime.poster}
            fallbackSrc={item.anime.fallbackPoster}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
          />
        </span>
        <span className="continue-card__title" id={titleId}>
          {item.anime.title}
        </span>
        <span className="continue-card__meta">
          {S.continueEpisode(item.episode)} · {S.continuePosition(item.position, item.duration)}
        </span>
        {percent !== null ? (
          <span className="continue-card__track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-hidden="true">
            <span style={{ width: `${percent}%` }} />
          </span>
        ) : null}
      </Link>
      <button
        type="button"
        className="continue-card__dismiss"
        aria-label={S.continueDismiss}
        aria-describedby={titleId}
        title={S.continueDismiss}
        onClick={(event) => {
          focusNeighbour(event);
          onDismiss();
        }}
      >
        <Icon name="close" sizePx={18} />
      </button>
    </>
  );
}
