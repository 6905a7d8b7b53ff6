import type { SeiyuuDetails } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { formatCount } from '../../../shared/lib/plural';
import { yearAndKind } from '../lib/anime-format';
import { seiyuuQuery } from '../api/catalogue-people-api';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { CharacterPagePortrait } from './CharacterPagePortrait';
import { CharacterPageStatus, isNumericId } from './CharacterPageStatus';
import { PosterImage } from './PosterImage';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.seiyuu;

/** /seiyuu/:id — portrait, names and the roles: which character in which anime. */
export default function SeiyuuPage() {
  const { id } = useParams();
  const valid = isNumericId(id);
  const query = useQuery({ ...seiyuuQuery(id ?? ''), enabled: valid });

  if (!valid || !query.data) {
    return (
      <CharacterPageStatus
        error={valid ? query.error : 'not-found'}
        notFoundTitle={S.notFound}
        notFoundText={S.notFoundText}
        onRetry={() => void query.refetch()}
        backTo={{ to: '/characters', label: CATALOGUE_PEOPLE_STRINGS.character.toList }}
      />
    );
  }
  return <SeiyuuView seiyuu={query.data} />;
}

export function SeiyuuView({ seiyuu }: { seiyuu: SeiyuuDetails }) {
  const title = seiyuu.nameRu || seiyuu.name;
  const otherNames = [seiyuu.name, seiyuu.nameJa].filter((name): name is string => Boolean(name) && name !== title);
  return (
    <article className="page person-page">
      <div className="person-page__hero">
        <div className="person-page__portrait">
          <CharacterPagePortrait src={seiyuu.image} name={title} alt={title} size="large" loading="eager" />
        </div>
        <div className="person-page__info">
          <p className="people-eyebrow">{S.eyebrow}</p>
          <h1 className="anime-page__title">{title}</h1>
          {otherNames.length ? <p className="anime-page__subtitle">{otherNames.join(' · ')}</p> : null}
          <p className="catalogue-page__count">{formatCount(seiyuu.roles.length, S.roles)}</p>
        </div>
      </div>

      <section className="catalogue-section" aria-labelledby="seiyuu-roles">
        <h2 id="seiyuu-roles" className="catalogue-section__title">
          {S.rolesTitle}
        </h2>
        {seiyuu.roles.length === 0 ? (
          <p className="muted">{S.noRoles}</p>
        ) : (
          <ul className="seiyuu-roles" aria-label={S.rolesTitle}>
            {seiyuu.roles.map(({ character, anime }) => {
              const characterName = character.nameRu || character.name;
              const meta = yearAndKind(anime.year, anime.kind);
              return (
                <li key={`${character.id}-${anime.id}`} className="seiyuu-role">
                  <Link className="seiyuu-role__part" to={`/characters/${character.id}`}>
                    <span className="seiyuu-role__thumb">
                      <CharacterPagePortrait src={character.image} name={characterName} alt="" size="small" />
                    </span>
                    <span className="seiyuu-role__text">
                      <span className="seiyuu-role__label">{S.characterColumn}</span>
                      <span className="seiyuu-role__name">{characterName}</span>
                    </span>
                  </Link>
                  <Link className="seiyuu-role__part" to={`/anime/${anime.id}`}>
                    <span className="seiyuu-role__thumb">
                      <PosterImage src={anime.poster} fallbackSrc={anime.fallbackPoster} alt="" />
                    </span>
                    <span className="seiyuu-role__text">
                      <span className="seiyuu-role__label">{S.animeColumn}</span>
                      <span className="seiyuu-role__name">{anime.title}</span>
                      {meta ? <span className="seiyuu-role__meta">{meta}</span> : null}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </article>
  );
}
