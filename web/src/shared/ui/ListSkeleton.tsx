import './list-skeleton.css';

export interface ListSkeletonProps {
  /** Read by screen readers while the list loads. */
  label: string;
  rows?: number;
}

/** Rows of grey lines where a list's items will be, while the first page loads. */
export function ListSkeleton({ label, rows = 3 }: ListSkeletonProps) {
  return (
    <div className="list-skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="list-skeleton__row" aria-hidden="true">
          <span className="list-skeleton__line list-skeleton__line--title" />
          <span className="list-skeleton__line" />
          <span className="list-skeleton__line list-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}
