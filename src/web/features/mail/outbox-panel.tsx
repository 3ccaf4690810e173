import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '../../components/page-spinner';
import { outboxQuery } from './api';
import { AdminPanel, PanelError } from '../../components/admin-panel';
import { formatDateTime } from '../../../contracts/dates';
import { plural } from '../../../contracts/wording';
import { useTimeZone } from '../../lib/site-info';
import { EmailText } from '../../components/email-text';

/** Every email the site wrote, delivered or not: the only way to read them when no SMTP server is set. */
export function OutboxPanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
  const { data, isPending, error } = useQuery(outboxQuery());
  return (
    <AdminPanel title="Mail outbox" onExit={onExit}>
      <p className="text-body-secondary">
        Newest first. Without SMTP_URL nothing is delivered: the messages wait here.
      </p>
      <PanelError error={error} />
      {isPending ? <PageSpinner /> : null}
      {data && data.length === 0 ? <p>No email yet.</p> : null}
      {data?.map((mail) => (
        <details key={mail.id} className="outbox-entry">
          <summary>
            <span
              className={`badge me-2 ${mail.status === 'sent' ? 'text-bg-success' : mail.status === 'failed' ? 'text-bg-danger' : 'text-bg-secondary'}`}
            >
              {mail.status}
            </span>
            {mail.subject} — <EmailText email={mail.to_address} /> · {formatDateTime(mail.created_at, zone)} ·{' '}
            {plural(mail.attempts, 'attempt')}
          </summary>
          <pre className="outbox-text">{mail.text_body}</pre>
          {mail.attachment ? (
            <p className="small">Attached: the {mail.attachment} as a PDF, made when it is sent.</p>
          ) : null}
          {mail.last_error ? <p className="text-danger">Last error: {mail.last_error}</p> : null}
        </details>
      ))}
    </AdminPanel>
  );
}
