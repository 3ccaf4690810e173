import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Testimonial } from '../../../contracts/site';
import { RenderedTestimonials } from './get-testimonials';
import { TestimonialsSection } from './testimonials-section';

const entry = (change: Partial<Testimonial>): Testimonial => ({
  first_name: 'Asha',
  last_name: 'Menon',
  study: 'B.Tech',
  institution: 'CET',
  feedback: 'Loved the pointers class.',
  get_image_url: null,
  ...change,
});

const section = (testimonials: Testimonial[]) =>
  renderToString(
    <RenderedTestimonials value={testimonials}>
      <StaticRouter location="/">
        <TestimonialsSection />
      </StaticRouter>
    </RenderedTestimonials>,
  );

describe('the testimonials the server renders into the static landing page', () => {
  it('are in the HTML, without a spinner; entries without feedback are left out', () => {
    const html = section([entry({}), entry({ first_name: 'Ravi', feedback: null })]);
    expect(html).toContain('Loved the pointers class.');
    expect(html).toContain('Asha Menon');
    expect(html).toContain('B.Tech, CET');
    expect(html).not.toContain('Ravi');
    expect(html).not.toContain('role="status"');
    expect(html.match(/<figure/g)).toHaveLength(1);
  });

  it('say that testimonials will come when there are none yet', () => {
    expect(section([])).toContain('Testimonials from students who complete the course will appear here.');
  });

  it('are escaped: a quote is text, not markup', () => {
    expect(section([entry({ feedback: '<b>Pointers</b>' })])).toContain('&lt;b&gt;Pointers&lt;/b&gt;');
  });
});
