import type { CharacterDetails } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { characterQuery } from '../api/catalogue-people-api';
import { useRouteIdQuery } from '../hooks/useRouteIdQuery';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { AnimeGrid } from './AnimeGrid';
import { CatalogueSection } from './CatalogueSection';
import { DetailPageStatus } from './DetailPageStatus';
import { PersonCard } from './PersonCard';
import { PersonPageHero } from './PersonPageHero';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.character;
const ROLE_ORDER = ['main', 'supporting'] as const;

/** /characters/:id — portrait, names, plain-text description, anime by role, seiyuu. */
export default function CharacterPage() {
  const character = useRouteIdQuery(characterQuery);
  if (!character.data) {
    return <DetailPageStatus query={character} notFoundTitle={S.notFound} notFoundText={S.notFoundText} backTo={{ to: '/characters', label: S.toList }} />;
  }
  return <CharacterView character={character.data} />;
}

export function CharacterView({ character }: { character: CharacterDetails }) {
  return (
    <article className="page person-page">
      <PersonPageHero person={character} eyebrow={<Link to="/characters">{S.toList}</Link>}>
        <section aria-labelledby="character-description">
          <h2 id="character-description" className="person-page__section-title">
            {S.descriptionTitle}
          </h2>
          {character.description ? <p className="anime-page__description">{character.description}</p> : <p className="muted">{S.noDescription}</p>}
        </section>
      </PersonPageHero>

      <CatalogueSection titleId="character-anime" title={S.animeTitle}>
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
      </CatalogueSection>

      <CatalogueSection titleId="character-seiyuu" title={S.seiyuuTitle}>
        {character.seiyuu.length === 0 ? (
          <p className="muted">{S.noSeiyuu}</p>
        ) : (
          <ul className="people-grid people-grid--small" aria-label={S.seiyuuTitle}>
            {character.seiyuu.map((person) => (
              <li key={person.id}>
                <PersonCard person={person} to={`/seiyuu/${person.id}`} size="small" />
              </li>
            ))}
          </ul>
        )}
      </CatalogueSection>
    </article>
  );
}
