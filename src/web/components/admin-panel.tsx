import type { ReactNode } from 'react';
import { plural } from '../../contracts/wording';
import { errorText } from '../lib/error-text';

/** Every admin panel has a title and an Exit button that closes it. */
export function AdminPanel({ title, onExit, children }: { title: string; onExit: () => void; children: ReactNode }) {
  const id = `panel-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <div className="d-flex justify-content-between align-items-center gap-2 mb-3">
        <h2 id={id} className="h4 mb-0" tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="btn btn-secondary" onClick={onExit}>
          Exit
        </button>
      </div>
      {children}
    </section>
  );
}

/** Previous / Next under a paged admin list, with where the admin is and how many there are ("1 student"). */
export function Pager({
  label,
  page,
  pages,
  total,
  noun,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="pager-status">
        Page {page} of {pages} · {plural(total, noun)}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

export function PanelError({ error }: { error: unknown }) {
  if (!error) return null;
  const text = errorText(error);
  return (
    <div className="alert alert-danger" role="alert">
      {text}
    </div>
  );
}
