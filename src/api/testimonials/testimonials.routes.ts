import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../contracts/accounts.js';
import { idParamsSchema } from '../../contracts/fields.js';
import { adminTestimonialListSchema, testimonialStateInputSchema } from '../../contracts/testimonials.js';
import type { TestimonialsService } from './testimonials.service.js';

export const testimonialsRoutes: FastifyPluginAsyncZod<{ testimonials: TestimonialsService }> = async (
  app,
  { testimonials },
) => {
  app.get(
    '/api/v1/admin/testimonials',
    { config: { access: 'admin' }, schema: { response: { 200: adminTestimonialListSchema } } },
    () => testimonials.list(),
  );

  // The id is the student's: each student has one feedback.
  app.put(
    '/api/v1/admin/testimonials/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: testimonialStateInputSchema, response: { 200: messageResponseSchema } },
    },
    (request) => testimonials.setState(request.params.id, request.body),
  );
};
