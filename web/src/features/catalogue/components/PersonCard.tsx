import type { PersonSummary } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { CharacterPagePortrait, type CharacterPagePortraitProps } from './CharacterPagePortrait';
import '../catalogue-people.css';

export interface PersonCardProps {
  /** A character or a seiyuu. */
  person: Omit<PersonSummary, 'id'>;
  /** The person's page, e.g. /characters/11. */
  to: string;
  size: CharacterPagePortraitProps['size'];
}

/** A portrait card linking to a character's or seiyuu's page: the Russian name, and the original under it when it differs. */
export function PersonCard({ person, to, size }: PersonCardProps) {
  const name = person.nameRu || person.name;
  return (
    <Link className="person-card" to={to}>
      <CharacterPagePortrait src={person.image} name={name} alt="" size={size} />
      <span className="person-card__name">{name}</span>
      {person.nameRu && person.name !== person.nameRu ? <span className="person-card__sub">{person.name}</span> : null}
    </Link>
  );
}
