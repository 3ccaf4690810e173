import type { ReactNode } from 'react';
import { COURSE_NAME, COURSE_TOPICS, LIST_PRICE_RUPEES, formatRupees } from '../../../contracts/course';
import { EnrollNow } from '../../components/enroll-now';
import { usePageTitle } from '../../components/layout/use-page-title';
import { paragraphsOf, spelledDate } from '../../../contracts/site-info';
import { useSiteInfo } from '../../lib/site-info';
import { featureCards, features, howItWorks } from './landing-content';
import { TestimonialsSection } from './testimonials-section';

function Section({ id, title, children, tone }: { id: string; title: string; children: ReactNode; tone?: 'alt' }) {
  return (
    <section
      className={`landing-section${tone === 'alt' ? ' landing-section-alt' : ''}`}
      id={id}
      aria-labelledby={`${id}-heading`}
    >
      <div className="container">
        <h2 id={`${id}-heading`}>{title}</h2>
        {children}
        <EnrollNow />
      </div>
    </section>
  );
}

export function LandingPage() {
  usePageTitle('Learn C Programming Online');
  const site = useSiteInfo();
  return (
    <>
      <section className="hero" id="hero" aria-labelledby="hero-heading">
        <div className="container hero-grid">
          <div>
            <p className="hero-kicker">Live online course · {COURSE_NAME}</p>
            <h1 id="hero-heading">Learn C programming, one live class at a time</h1>
            <p className="lead">
              An interactive course with assessment tests and topic-wise exercises. Join a small batch, learn from a
              teacher over live video meetings and write real programs from the first week.
            </p>
            {site.nextBatchDate ? (
              <p className="next-batch">
                Next batch starts on <strong>{spelledDate(site.nextBatchDate)}</strong>
              </p>
            ) : null}
            <EnrollNow />
          </div>
          <pre className="hero-code" aria-label="A first C program">
            <code>{`#include <stdio.h>

int main(void)
{
    printf("Hello, C!\\n");
    return 0;
}`}</code>
          </pre>
        </div>
      </section>

      <Section id="highlights" title="Why learn with us">
        <div className="row g-4">
          {featureCards.map((card) => (
            <div className="col-12 col-md-4" key={card.title}>
              <div className="card h-100 feature-card">
                <div className="card-body">
                  <h3 className="h5 card-title">{card.title}</h3>
                  <p className="card-text">{card.text}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </Section>

      <Section id="features" title="Features" tone="alt">
        <ul className="check-list">
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </Section>

      <Section id="course-content" title="Course content">
        <ol className="topic-list">
          {COURSE_TOPICS.map((topic) => (
            <li key={topic}>{topic}</li>
          ))}
        </ol>
      </Section>

      <Section id="how-it-works" title="How it works" tone="alt">
        <ol className="steps">
          {howItWorks.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Section>

      <Section id="instructor" title="Your instructor">
        <div className="instructor">
          {site.instructorPhotoUrl ? (
            <img
              className="instructor-photo"
              src={site.instructorPhotoUrl}
              alt={`Photo of ${site.instructorName}`}
              width={160}
              height={160}
              loading="lazy"
            />
          ) : null}
          <div>
            <h3 className="h5 instructor-name">{site.instructorName}</h3>
            {paragraphsOf(site.instructorBio).map((paragraph) => (
              <p key={paragraph} className="instructor-text">
                {paragraph}
              </p>
            ))}
            <p>
              <a href={site.profileUrl} rel="noopener noreferrer" target="_blank">
                View the instructor’s professional profile
              </a>
            </p>
          </div>
        </div>
      </Section>

      <TestimonialsSection />

      <Section id="course-fee" title="Course fee" tone="alt">
        <div className="fee-card card">
          <div className="card-body">
            <p className="h5 mb-2">{COURSE_NAME}</p>
            <CourseFee />
          </div>
        </div>
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <dl className="faq">
          {site.faqs.map((faq, index) => (
            <div key={index} className="faq-item">
              <dt>{faq.question}</dt>
              <dd>{faq.answer}</dd>
            </div>
          ))}
        </dl>
      </Section>
    </>
  );
}

/** The fee the server charges (one setting), with the regular fee struck through while the fee is below it. */
function CourseFee() {
  const { courseFeePaise } = useSiteInfo();
  const fee = formatRupees(courseFeePaise / 100);
  const onOffer = courseFeePaise < LIST_PRICE_RUPEES * 100;
  return (
    <>
      <p className="fee">
        {onOffer ? (
          <>
            <del className="fee-old" aria-label={`Regular fee ${formatRupees(LIST_PRICE_RUPEES)}`}>
              {formatRupees(LIST_PRICE_RUPEES)}
            </del>{' '}
          </>
        ) : null}
        <span className="fee-new">{fee}</span>
      </p>
      <p className="mb-0">
        {onOffer ? 'Introductory offer: ' : 'Course fee: '}
        {fee} for the full course, paid online.
      </p>
    </>
  );
}
