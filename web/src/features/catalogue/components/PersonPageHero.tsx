import type { PersonSummary } from '@portal/contracts';
import type { ReactNode } from 'react';
import { CharacterPagePortrait } from './CharacterPagePortrait';
import '../catalogue.css';
import '../catalogue-people.css';

export interface PersonPageHeroProps {
  /** A character or a seiyuu. */
  person: Omit<PersonSummary, 'id'> & { nameJa: string | null };
  /** The line above the name. */
  eyebrow: ReactNode;
  /** What follows the names (description, number of roles…). */
  children?: ReactNode;
}

/** The top of a character or seiyuu page: large portrait, the Russian name (or the original) and the other names. */
export function PersonPageHero({ person, eyebrow, children }: PersonPageHeroProps) {
  const title = person.nameRu || person.name;
  const otherNames = [person.name, person.nameJa].filter((name): name is string => Boolean(name) && name !== title);
  return (
    <div className="person-page__hero">
      <div className="person-page__portrait">
        <CharacterPagePortrait src={person.image} name={title} alt={title} size="large" loading="eager" />
      </div>
      <div className="person-page__info">
        <p className="people-eyebrow">{eyebrow}</p>
        <h1 className="anime-page__title">{title}</h1>
        {otherNames.length ? <p className="anime-page__subtitle">{otherNames.join(' · ')}</p> : null}
        {children}
      </div>
    </div>
  );
}
