import type { ReactNode } from 'react';
import '../catalogue.css';

export interface CatalogueSectionProps {
  /** The heading's id: the section is named by its title for screen readers. */
  titleId: string;
  title: string;
  children: ReactNode;
}

/** A titled section of a detail page (the anime of a character, the roles of a seiyuu…). */
export function CatalogueSection({ titleId, title, children }: CatalogueSectionProps) {
  return (
    <section className="catalogue-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="catalogue-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
