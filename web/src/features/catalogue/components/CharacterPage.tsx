import type { CharacterDetails } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { characterQuery } from '../api/catalogue-people-api';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { AnimeGrid } from './AnimeGrid';
import { CharacterPagePortrait } from './CharacterPagePortrait';
import { CharacterPageStatus, isNumericId } from './CharacterPageStatus';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.character;
const ROLE_ORDER = ['main', 'supporting'] as const;

/** /characters/:id — portrait, names, plain-text description, anime by role, seiyuu. */
export default function CharacterPage() {
  const { id } = useParams();
  const valid = isNumericId(id);
  const query = useQuery({ ...characterQuery(id ?? ''), enabled: valid });

  if (!valid || !query.data) {
    return (
      <CharacterPageStatus
        error={valid ? query.error : 'not-found'}
        notFoundTitle={S.notFound}
        notFoundText={S.notFoundText}
        onRetry={() => void query.refetch()}
        backTo={{ to: '/characters', label: S.toList }}
      />
    );
  }
  return <CharacterView character={query.data} />;
}

export function CharacterView({ character }: { character: CharacterDetails }) {
  const title = character.nameRu || character.name;
  const otherNames = [character.name, character.nameJa].filter((name): name is string => Boolean(name) && name !== title);
  return (
    <article className="page person-page">
      <div className="person-page__hero">
        <div className="person-page__portrait">
          <CharacterPagePortrait src={character.image} name={title} alt={title} size="large" loading="eager" />
        </div>
        <div className="person-page__info">
          <p className="people-eyebrow">
            <Link to="/characters">{S.toList}</Link>
          </p>
          <h1 className="anime-page__title">{title}</h1>
          {otherNames.length ? <p className="anime-page__subtitle">{otherNames.join(' · ')}</p> : null}
          <section aria-labelledby="character-description">
            <h2 id="character-description" className="person-page__section-title">
              {S.descriptionTitle}
            </h2>
            {character.description ? (
              <p className="anime-page__description">{character.description}</p>
            ) : (
              <p className="muted">{S.noDescription}</p>
            )}
          </section>
        </div>
      </div>

      <section className="catalogue-section" aria-labelledby="character-anime">
        <h2 id="character-anime" className="catalogue-section__title">
          {S.animeTitle}
        </h2>
        {character.anime.length === 0 ? <p className="muted">{S.noAnime}</p> : null}
        {ROLE_ORDER.map((role) => {
          const items = character.anime.filter((entry) => entry.role === role).map((entry) => entry.anime);
          if (items.length === 0) return null;
          return (
            <div key={role} className="person-page__role-group">
              <h3 className="person-page__role-title">{S.roles[role]}</h3>
              <AnimeGrid items={items} label={S.roles[role]} />
            </div>
          );
        })}
      </section>

      <section className="catalogue-section" aria-labelledby="character-seiyuu">
        <h2 id="character-seiyuu" className="catalogue-section__title">
          {S.seiyuuTitle}
        </h2>
        {character.seiyuu.length === 0 ? (
          <p className="muted">{S.noSeiyuu}</p>
        ) : (
          <ul className="people-grid people-grid--small" aria-label={S.seiyuuTitle}>
            {character.seiyuu.map((person) => {
              const name = person.nameRu || person.name;
              return (
                <li key={person.id}>
                  <Link className="person-card" to={`/seiyuu/${person.id}`}>
                    <CharacterPagePortrait src={person.image} name={name} alt="" size="small" />
                    <span className="person-card__name">{name}</span>
                    {person.nameRu && person.name !== person.nameRu ? <span className="person-card__sub">{person.name}</span> : null}
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
