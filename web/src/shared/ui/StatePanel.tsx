import type { ReactNode } from 'react';

export interface StatePanelProps {
  title: string;
  text?: ReactNode;
  actions?: ReactNode;
  /** Page-level panels use a level-one heading; embedded ones a level-two heading. */
  headingLevel?: 1 | 2;
  icon?: ReactNode;
}

/** A centred message card: empty, not found, in progress, sign-in needed. */
export function StatePanel({ title, text, actions, headingLevel = 1, icon }: StatePanelProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="card state-panel">
      {icon ? (
        <div className="state-panel__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="state-panel__title">{title}</Heading>
      {text ? <p className="state-panel__text">{text}</p> : null}
      {actions ? <div className="state-panel__actions">{actions}</div> : null}
    </section>
  );
}
