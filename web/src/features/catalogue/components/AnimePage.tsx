import type { AnimeDetails } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { Icon } from '../../../shared/ui/Icon';
import { PageNotFound } from '../../../shared/ui/PageNotFound';
import { PosterImage } from '../../../shared/ui/PosterImage';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { titleQuery } from '../../../shared/api/title-api';
import { parsePositiveId } from '../../../shared/lib/route-params';
import { CATALOGUE_STRINGS } from '../strings';
import { AnimeCharacters } from './AnimeCharacters';
import { AnimeEditButton } from './AnimeEditButton';
import { AnimeEpisodesAdminLink } from './AnimeEpisodesAdminLink';
import { AnimeFacts, AnimeGenres, AnimeNames } from './AnimeFacts';
import { AnimeGrid } from './AnimeGrid';
import { AnimeStatsPanel } from './AnimeStatsPanel';
import { AnimeVideos, playableVideos } from './AnimeVideos';
import { TitleTeams } from './TitleTeams';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.anime;

function NotFound() {
  return <PageNotFound title={S.notFoundTitle} text={S.notFoundText} backTo="/catalog" backLabel={CATALOGUE_STRINGS.toCatalogue} />;
}

/**
 * Pieces other features add to the page (watch button, list status, episodes). The app composes them
 * in its router, since features may not import each other; each loads lazily beside the page.
 */
export interface AnimePageSlots {
  /** Beside the edit button, under the title. */
  actions?: readonly ComponentType<{ anime: AnimeDetails }>[];
  /** After the description. */
  sections?: readonly ComponentType<{ anime: AnimeDetails }>[];
  /** After the statistics, before the footer (the reviews). */
  reviews?: readonly ComponentType<{ anime: AnimeDetails }>[];
  /** At the end of the page, after the statistics and the reviews (the comments). */
  footer?: readonly ComponentType<{ anime: AnimeDetails }>[];
}

/** /anime/:id */
export default function AnimePage({ slots }: { slots?: AnimePageSlots }) {
  const id = parsePositiveId(useParams().id);
  if (id === null) return <NotFound />;
  return <AnimeDetailsLoader id={id} slots={slots} />;
}

function AnimeSlots({ anime, slots = [] }: { anime: AnimeDetails; slots?: AnimePageSlots['actions'] }) {
  return (
    <Suspense fallback={null}>
      {slots.map((Slot, index) => (
        <Slot key={index} anime={anime} />
      ))}
    </Suspense>
  );
}

function AnimeDetailsLoader({ id, slots }: { id: number; slots?: AnimePageSlots }) {
  const details = useQuery(titleQuery(id));
  if (details.isPending) return <AnimePageSkeleton />;
  if (details.isError) {
    if (isApiError(details.error) && details.error.status === 404) return <NotFound />;
    return (
      <div className="page">
        <StatePanel
          icon={<Icon name="tools" sizePx={40} />}
          title={S.errorTitle}
          text={details.error.message}
          actions={<Button onClick={() => void details.refetch()}>{CATALOGUE_STRINGS.retry}</Button>}
        />
      </div>
    );
  }
  return <AnimeDetailsView anime={details.data} slots={slots} />;
}

/**
 * The page's header in its final shape while the title loads: the poster's 2:3 box, the title and
 * name lines, a row of actions and the facts, so the page fills in without moving.
 */
export function AnimePageSkeleton() {
  return (
    <div className="page anime-page anime-page--skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{S.loading}</span>
      <div className="anime-page__hero" aria-hidden="true">
        <div className="anime-page__poster">
          <div className="poster anime-skeleton__poster" />
        </div>
        <div className="anime-page-skeleton__text">
          <div className="anime-skeleton__line anime-page-skeleton__title" />
          <div className="anime-skeleton__line anime-skeleton__line--short" />
          <div className="anime-skeleton__line anime-page-skeleton__genres" />
          <div className="anime-page__actions">
            <div className="anime-skeleton__line anime-page-skeleton__button" />
          </div>
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="anime-skeleton__line anime-page-skeleton__fact" />
          ))}
        </div>
      </div>
    </div>
  );
}

/** The admin-chosen background, dimmed behind the header: decorative, and left out when it fails to load. */
function AnimeBackdrop({ src }: { src: string | null }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return null;
  return <img className="anime-page__backdrop" src={src} alt="" decoding="async" onError={() => setFailedSrc(src)} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="catalogue-section">
      <h2 className="catalogue-section__title">{title}</h2>
      {children}
    </section>
  );
}

export function AnimeDetailsView({ anime, slots }: { anime: AnimeDetails; slots?: AnimePageSlots }) {
  // `title` is the display title everywhere (the Russian one when known), as in every list.
  const title = anime.title;
  const videos = playableVideos(anime.shikimori_videos);
  return (
    <article className="page anime-page">
      <div className="anime-page__hero">
        <AnimeBackdrop src={anime.background} />
        <div className="anime-page__poster">
          <PosterImage src={anime.poster} fallbackSrc={anime.fallbackPoster} alt={CATALOGUE_STRINGS.poster(title)} loading="eager" fetchPriority="high" />
        </div>
        <div>
          <h1 className="anime-page__title">{title}</h1>
          <AnimeNames anime={anime} />
          <AnimeGenres genres={anime.genres} />
          <div className="anime-page__actions">
            <AnimeEditButton anime={anime} />
            <AnimeEpisodesAdminLink anime={anime} />
            <AnimeSlots anime={anime} slots={slots?.actions} />
          </div>
          <AnimeFacts anime={anime} />
          <TitleTeams animeId={anime.id} />
        </div>
      </div>

      <Section title={S.description}>
        {/* Plain text only: line breaks are kept by CSS, markup is shown as text. */}
        <p className={anime.description ? 'anime-page__description' : 'muted'}>{anime.description || S.noDescription}</p>
      </Section>

      <AnimeSlots anime={anime} slots={slots?.sections} />

      {anime.characters.length ? (
        <Section title={S.characters}>
          <AnimeCharacters roles={anime.characters} />
        </Section>
      ) : null}

      {anime.shikimori_similar.length ? (
        <Section title={S.similar}>
          <AnimeGrid items={anime.shikimori_similar} label={S.similar} />
        </Section>
      ) : null}

      {videos.length ? (
        <Section title={S.videos}>
          <AnimeVideos videos={videos} />
        </Section>
      ) : null}

      <Section title={S.stats}>
        <AnimeStatsPanel animeId={anime.id} />
      </Section>

      <AnimeSlots anime={anime} slots={slots?.reviews} />

      <AnimeSlots anime={anime} slots={slots?.footer} />
    </article>
  );
}
