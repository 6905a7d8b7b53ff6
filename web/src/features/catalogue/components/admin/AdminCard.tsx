import { useId, type ReactNode } from 'react';

export interface AdminCardProps {
  title: string;
  description: string;
  /** A button beside the title (the card's main action). */
  action?: ReactNode;
  children: ReactNode;
}

/** One card of the admin catalogue page: a titled section with its description. */
export function AdminCard({ title, description, action, children }: AdminCardProps) {
  const titleId = useId();
  const heading = (
    <div>
      <h3 id={titleId} className="sync-panel__title">
        {title}
      </h3>
      <p className="muted sync-panel__hint">{description}</p>
    </div>
  );
  return (
    <section className="card sync-panel" aria-labelledby={titleId}>
      {action ? (
        <div className="sync-panel__header">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
