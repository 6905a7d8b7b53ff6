import { KIND_LABELS, STATUS_LABELS, type AnimeDetails } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { formatScore, seasonAndYear } from '../lib/anime-format';
import { capitalize, resolveGenre } from '../lib/labels';
import { CATALOGUE_STRINGS } from '../strings';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.anime;

/** The other names of the title: the main one (when a Russian one is shown), romaji, English, Japanese. */
export function AnimeNames({ anime }: { anime: AnimeDetails }) {
  const shown = anime.titleRu ?? anime.title;
  const names: { label: string; value: string | null }[] = [
    { label: CATALOGUE_STRINGS.edit.fields.title, value: anime.title !== shown ? anime.title : null },
    { label: S.romaji, value: anime.titleRomaji && anime.titleRomaji !== shown && anime.titleRomaji !== anime.title ? anime.titleRomaji : null },
    { label: S.english, value: anime.titleEn && anime.titleEn !== shown ? anime.titleEn : null },
    { label: S.japanese, value: anime.titleJa },
    { label: S.synonyms, value: anime.synonyms.length ? anime.synonyms.join(', ') : null },
  ].filter((name) => Boolean(name.value));
  if (names.length === 0) return null;
  return (
    <dl className="anime-names" aria-label={S.names}>
      {names.map((name) => (
        <div key={name.label}>
          <dt>{name.label}</dt>
          <dd lang={name.label === S.japanese ? 'ja' : undefined}>{name.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Score, kind, episodes, status, season and year, duration. */
export function AnimeFacts({ anime }: { anime: AnimeDetails }) {
  const score = anime.score ?? anime.shikimori_score;
  const episodes = anime.episodes ?? anime.series;
  const season = seasonAndYear(anime.season, anime.year ?? anime.releaseYear);
  const duration = anime.durationMinutes ?? anime.shikimori_duration_3;
  const facts = [
    { label: S.score, value: score !== null ? formatScore(score) : S.unknown },
    { label: S.kind, value: anime.kind ? KIND_LABELS[anime.kind] : S.unknown },
    { label: S.episodes, value: episodes !== null ? S.episodesCount(episodes) : S.unknown },
    { label: S.status, value: capitalize(STATUS_LABELS[anime.status] ?? anime.shikimori_status_ru) },
    { label: S.season, value: season ? capitalize(season) : S.unknown },
    { label: S.duration, value: duration ? S.durationValue(duration) : S.unknown },
  ];
  return (
    <dl className="anime-facts">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Genres in Russian, each a link to /genre/{slug}. */
export function AnimeGenres({ genres }: { genres: readonly string[] }) {
  if (genres.length === 0) return null;
  return (
    <ul className="chip-list" aria-label={S.genres}>
      {genres.map((value) => {
        const genre = resolveGenre(value);
        return (
          <li key={value}>
            <Link className="chip" to={`/genre/${encodeURIComponent(genre.slug)}`}>
              {genre.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
