import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../contracts/dates';
import { useTimeZone } from '../../lib/site-info';
import { type AdminTestimonial, type TestimonialStateInput } from '../../../contracts/testimonials';
import { EmailText } from '../../components/email-text';
import { PageSpinner } from '../../components/page-spinner';
import { AdminPanel, PanelError } from '../../components/admin-panel';
import { testimonialsQuery, useModerateTestimonial } from './api';

const stateWords: Record<AdminTestimonial['state'], { label: string; badge: string }> = {
  pending: { label: 'waiting', badge: 'text-bg-warning' },
  approved: { label: 'on the home page', badge: 'text-bg-success' },
  hidden: { label: 'hidden', badge: 'text-bg-secondary' },
};

function TestimonialCard({ entry }: { entry: AdminTestimonial }) {
  const zone = useTimeZone();
  const mutation = useModerateTestimonial();
  const moderate = (input: TestimonialStateInput) => mutation.mutate({ studentId: entry.student_id, input });
  const name = `${entry.first_name} ${entry.last_name}`;
  const words = stateWords[entry.state];
  return (
    <article
      className={`card mb-2 ${entry.state === 'pending' ? 'border-warning' : ''}`}
      aria-label={`Feedback of ${name}`}
    >
      <div className="card-body">
        <div className="d-flex gap-2 align-items-start mb-1">
          {entry.get_image_url ? (
            <img src={entry.get_image_url} alt={`Photo of ${name}`} className="rounded-circle" width={48} height={48} />
          ) : null}
          <p className="mb-0 small text-body-secondary">
            {name} (<EmailText email={entry.email} />) · <span className={`badge ${words.badge}`}>{words.label}</span>
            {entry.state_changed_at ? ` · ${formatDateTime(entry.state_changed_at, zone)}` : ''}
            <br />
            {[entry.study, entry.institution].filter(Boolean).join(', ') || 'No study or institution given'}
          </p>
        </div>
        <p className="testimonial-feedback text-break">{entry.feedback}</p>
        <PanelError error={mutation.error} />
        <div className="d-flex flex-wrap gap-2">
          {entry.state !== 'approved' ? (
            <button
              type="button"
              className="btn btn-sm btn-success"
              disabled={mutation.isPending}
              onClick={() => moderate({ state: 'approved', revision: entry.revision })}
            >
              {entry.state === 'hidden' ? 'Approve again' : 'Approve'}
              <span className="visually-hidden"> the feedback of {name}</span>
            </button>
          ) : null}
          {entry.state !== 'hidden' ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={mutation.isPending}
              onClick={() => moderate({ state: 'hidden' })}
            >
              Hide<span className="visually-hidden"> the feedback of {name}</span>
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** Students' feedback, waiting first: only what the teacher approves shows on the home page. */
export function TestimonialsPanel({ onExit }: { onExit: () => void }) {
  const { data, error, isPending } = useQuery(testimonialsQuery());
  return (
    <AdminPanel title="Testimonials" onExit={onExit}>
      <p className="text-body-secondary">
        Feedback shows on the home page only once approved, with the name, study, institution and photo shown here. A
        change to any of them sends it back here to approve again. Hidden feedback can be approved again.
      </p>
      <PanelError error={error} />
      {isPending ? <PageSpinner /> : null}
      {data?.length === 0 ? <p>No feedback yet.</p> : null}
      {data?.map((entry) => (
        <TestimonialCard key={entry.student_id} entry={entry} />
      ))}
    </AdminPanel>
  );
}
