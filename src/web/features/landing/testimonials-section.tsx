import type { Testimonial } from '../../../contracts/site';
import { EnrollNow } from '../../components/enroll-now';
import { useTestimonials } from './get-testimonials';

function fullName(entry: Testimonial): string {
  return [entry.first_name, entry.last_name].filter(Boolean).join(' ') || 'A student';
}

function initials(entry: Testimonial): string {
  return `${entry.first_name?.[0] ?? ''}${entry.last_name?.[0] ?? ''}`.toUpperCase() || '?';
}

function TestimonialCard({ entry }: { entry: Testimonial }) {
  const name = fullName(entry);
  return (
    <figure className="testimonial card h-100">
      <div className="card-body">
        <blockquote className="testimonial-quote">{entry.feedback}</blockquote>
        <figcaption className="testimonial-person">
          {entry.get_image_url ? (
            <img
              src={entry.get_image_url}
              alt={`Photo of ${name}`}
              width={56}
              height={56}
              className="avatar"
              loading="lazy"
            />
          ) : (
            <span className="avatar avatar-initials" aria-hidden="true">
              {initials(entry)}
            </span>
          )}
          <span>
            <strong>{name}</strong>
            <br />
            <span className="text-body-secondary">{[entry.study, entry.institution].filter(Boolean).join(', ')}</span>
          </span>
        </figcaption>
      </div>
    </figure>
  );
}

export function TestimonialsSection() {
  const { data, isPending, isError } = useTestimonials();
  // Entries with null feedback are skipped.
  const entries = (data ?? []).filter((entry) => entry.feedback !== null && entry.feedback.trim() !== '');
  return (
    <section className="landing-section" id="testimonials" aria-labelledby="testimonials-heading">
      <div className="container">
        <h2 id="testimonials-heading">Student testimonials</h2>
        {isPending ? (
          <div className="text-center py-4" role="status">
            <div className="spinner-border text-primary" aria-hidden="true" />
            <span className="visually-hidden">Loading testimonials…</span>
          </div>
        ) : entries.length === 0 ? (
          <p className="text-body-secondary">
            {isError
              ? 'Testimonials could not be loaded just now.'
              : 'Testimonials from students who complete the course will appear here.'}
          </p>
        ) : (
          <div className="testimonial-grid">
            {entries.map((entry, index) => (
              <TestimonialCard key={`${fullName(entry)}-${index}`} entry={entry} />
            ))}
          </div>
        )}
        <EnrollNow />
      </div>
    </section>
  );
}
