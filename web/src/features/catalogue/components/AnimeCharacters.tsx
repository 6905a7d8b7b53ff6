import type { AnimeCharacterRole, PersonSummary } from '@portal/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CATALOGUE_STRINGS } from '../strings';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.anime;

const displayName = (person: { name: string; nameRu: string | null }) => person.nameRu ?? person.name;

/** A character's or a person's picture; nothing is drawn when there is none or it fails. */
function Portrait({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <span className="anime-role__image" aria-hidden="true" />;
  return <img className="anime-role__image" src={src} alt="" width={48} height={64} loading="lazy" onError={() => setFailed(true)} />;
}

function SeiyuuLinks({ seiyuu }: { seiyuu: readonly PersonSummary[] }) {
  if (seiyuu.length === 0) return null;
  return (
    <span>
      {S.seiyuu}:{' '}
      {seiyuu.map((person, index) => (
        <span key={person.id}>
          {index > 0 ? ', ' : null}
          <Link to={`/seiyuu/${person.id}`}>{displayName(person)}</Link>
        </span>
      ))}
    </span>
  );
}

/** Main characters first, each linking to /characters/{id}, with their seiyuu linking to /seiyuu/{id}. */
export function AnimeCharacters({ roles }: { roles: readonly AnimeCharacterRole[] }) {
  const sorted = [...roles].sort((a, b) => (a.role === b.role ? 0 : a.role === 'main' ? -1 : 1));
  return (
    <ul className="anime-roles">
      {sorted.map(({ character, role, seiyuu }) => (
        <li key={character.id} className="anime-role">
          <Portrait src={character.image} />
          <span className="anime-role__text">
            <Link to={`/characters/${character.id}`}>{displayName(character)}</Link>
            <span className="anime-role__role">{role === 'main' ? S.mainRole : S.supportingRole}</span>
            <SeiyuuLinks seiyuu={seiyuu} />
          </span>
        </li>
      ))}
    </ul>
  );
}
