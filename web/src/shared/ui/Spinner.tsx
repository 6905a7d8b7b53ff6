export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" aria-live="polite" style={{ display: 'inline-grid', justifyItems: 'center', gap: '0.6rem' }}>
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
