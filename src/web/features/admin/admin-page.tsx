import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RequireAuth } from '../../components/require-auth';
import { PageSpinner } from '../../components/page-spinner';
import { usePageTitle } from '../../components/layout/use-page-title';
import { apiFetch } from '../../lib/api-client';
import { useProfile } from '../auth/auth-api';

interface OutboxEntry {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

function OutboxPanel({ onExit }: { onExit: () => void }) {
  const { data, isPending, isError } = useQuery({
    queryKey: ['admin', 'outbox'],
    queryFn: ({ signal }) => apiFetch<OutboxEntry[]>('/api/v1/admin/outbox?limit=100', { auth: true, signal }),
  });
  return (
    <section className="admin-panel" aria-labelledby="outbox-heading">
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h2 id="outbox-heading" className="h4 mb-0">
          Mail outbox
        </h2>
        <button type="button" className="btn btn-secondary" onClick={onExit}>
          Exit
        </button>
      </div>
      <p className="text-body-secondary">Every email the site wrote, newest first. Without SMTP_URL nothing is delivered: read the messages here.</p>
      {isPending ? <PageSpinner /> : null}
      {isError ? <div className="alert alert-danger">The outbox could not be loaded.</div> : null}
      {data && data.length === 0 ? <p>No email yet.</p> : null}
      {data?.map((mail) => (
        <details key={mail.id} className="outbox-entry">
          <summary>
            <span className={`badge me-2 ${mail.status === 'sent' ? 'text-bg-success' : mail.status === 'failed' ? 'text-bg-danger' : 'text-bg-secondary'}`}>
              {mail.status}
            </span>
            {mail.subject} — {mail.to_address}
          </summary>
          <pre className="outbox-text">{mail.text_body}</pre>
          {mail.last_error ? <p className="text-danger">Last error: {mail.last_error}</p> : null}
        </details>
      ))}
    </section>
  );
}

function AdminDashboard() {
  const { data: admin } = useProfile();
  const [panel, setPanel] = useState<'outbox' | null>(null);
  if (!admin) return null;
  return (
    <>
      <p className="text-success mb-1">
        Logged In: {admin.first_name} {admin.last_name}
      </p>
      <h1 className="h2 mb-3">Admin Dashboard</h1>
      <div className="d-flex flex-wrap gap-2 mb-4">
        <button type="button" className="btn btn-outline-primary" onClick={() => setPanel('outbox')}>
          Mail outbox
        </button>
      </div>
      {panel === 'outbox' ? <OutboxPanel onExit={() => setPanel(null)} /> : null}
    </>
  );
}

export function AdminPage() {
  usePageTitle('Admin Dashboard');
  return (
    <div className="container-lg page-wide">
      <RequireAuth role="admin">
        <AdminDashboard />
      </RequireAuth>
    </div>
  );
}
