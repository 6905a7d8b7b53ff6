import { useId, type ReactNode } from 'react';

/** A titled horizontal row of cards. */
export function TvRow({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="tv-row" aria-labelledby={id}>
      <h2 id={id} className="tv-row__title">
        {title}
      </h2>
      <ul className="tv-row__items" aria-label={title}>
        {children}
      </ul>
    </section>
  );
}
