export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
