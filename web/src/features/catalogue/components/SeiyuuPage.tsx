import type { SeiyuuDetails } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../shared/lib/plural';
import { yearAndKind } from '../../../shared/lib/anime-meta';
import { seiyuuQuery } from '../api/catalogue-people-api';
import { useRouteIdQuery } from '../hooks/useRouteIdQuery';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { CatalogueSection } from './CatalogueSection';
import { CharacterPagePortrait } from './CharacterPagePortrait';
import { DetailPageStatus } from './DetailPageStatus';
import { PersonPageHero } from './PersonPageHero';
import { PosterImage } from '../../../shared/ui/PosterImage';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.seiyuu;

/** /seiyuu/:id — portrait, names and the roles: which character in which anime. */
export default function SeiyuuPage() {
  const seiyuu = useRouteIdQuery(seiyuuQuery);
  if (!seiyuu.data) {
    return (
      <DetailPageStatus
        query={seiyuu}
        notFoundTitle={S.notFound}
        notFoundText={S.notFoundText}
        backTo={{ to: '/characters', label: CATALOGUE_PEOPLE_STRINGS.character.toList }}
      />
    );
  }
  return <SeiyuuView seiyuu={seiyuu.data} />;
}

export function SeiyuuView({ seiyuu }: { seiyuu: SeiyuuDetails }) {
  return (
    <article className="page person-page">
      <PersonPageHero person={seiyuu} eyebrow={S.eyebrow}>
        <p className="catalogue-page__count">{formatCount(seiyuu.roles.length, S.roles)}</p>
      </PersonPageHero>

      <CatalogueSection titleId="seiyuu-roles" title={S.rolesTitle}>
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
      </CatalogueSection>
    </article>
  );
}
