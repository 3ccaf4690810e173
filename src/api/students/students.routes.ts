import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testimonialSchema } from '../../contracts/site.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { studentPhotoUrl } from './student-photo.js';
import { listTestimonialRows } from './testimonials.repository.js';

const TESTIMONIAL_LIMIT = 60;

export const studentsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/students/get_old_students',
    { config: { access: 'public' }, schema: { response: { 200: z.array(testimonialSchema) } } },
    async () => {
      const rows = await listTestimonialRows(db, TESTIMONIAL_LIMIT);
      return rows.map((row) => ({
        first_name: row.first_name,
        last_name: row.last_name,
        study: row.study,
        institution: row.institution,
        feedback: row.feedback,
        get_image_url: studentPhotoUrl(row.image_path),
      }));
    },
  );
};
