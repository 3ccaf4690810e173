import { route } from '../http/endpoint-route.js';
import { testimonialsEndpoints } from '../../contracts/testimonials.js';
import type { Area } from '../app-deps.js';
import { createTestimonialsService } from './testimonials.service.js';

/** The teacher's moderation; a change re-renders the landing page with the testimonials now. */
export const testimonialsRoutes: Area = async (app, deps) => {
  const testimonials = createTestimonialsService({ ...deps, changed: deps.landingTestimonials.changed });
  route(app, testimonialsEndpoints.testimonials, () => testimonials.list());

  // The id is the student's: each student has one feedback.
  route(app, testimonialsEndpoints.moderate, (request) => testimonials.setState(request.params.id, request.body));
};
