import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint-route.js';
import { testimonialsEndpoints } from '../../contracts/testimonials.js';
import type { TestimonialsService } from './testimonials.service.js';

export const testimonialsRoutes: FastifyPluginAsyncZod<{ testimonials: TestimonialsService }> = async (
  app,
  { testimonials },
) => {
  route(app, testimonialsEndpoints.testimonials, () => testimonials.list());

  // The id is the student's: each student has one feedback.
  route(app, testimonialsEndpoints.moderate, (request) => testimonials.setState(request.params.id, request.body));
};
