import { z } from 'zod';
import { endpoints } from './endpoint.js';
import type { SiteInfo } from './site-info.js';

/** Old-student testimonial entry, as `GET /students/get_old_students` answers the landing page. */
export const testimonialSchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  study: z.string().nullable(),
  institution: z.string().nullable(),
  feedback: z.string().nullable(),
  get_image_url: z.string().nullable(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** SiteInfo as `GET /api/v1/site` answers it (site-info.ts says what it is). */
export const siteInfoSchema = z.object({
  contactEmail: z.string(),
  courseFeePaise: z.number().int(),
  instructorName: z.string(),
  instructorBio: z.string(),
  instructorPhotoUrl: z.string().nullable(),
  profileUrl: z.string(),
  privacyOwnerName: z.string(),
  privacyAddress: z.string(),
  privacyEmail: z.string(),
  businessName: z.string(),
  gstin: z.string().nullable(),
  nextBatchDate: z.string().nullable(),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
  timeZone: z.string(),
}) satisfies z.ZodType<SiteInfo>;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });
export type Health = z.infer<typeof healthSchema>;

/** The landing page's testimonials. */
export const testimonialListSchema = z.array(testimonialSchema);

/** The endpoints of health and the public site. */
export const siteEndpoints = endpoints({
  site: { method: 'GET', path: '/api/v1/site', access: 'public', response: { 200: siteInfoSchema } },
  health: { method: 'GET', path: '/healthz', access: 'public', response: { 200: healthSchema } },
});
