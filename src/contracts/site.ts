import { z } from 'zod';

/** Old-student testimonial entry (spec section 3), as `GET /students/get_old_students` answers the landing page. */
export const testimonialSchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  study: z.string().nullable(),
  institution: z.string().nullable(),
  feedback: z.string().nullable(),
  get_image_url: z.string().nullable(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** Public facts about the running site the browser may know (nothing secret). */
export const siteInfoSchema = z.object({
  adminEmail: z.string(),
  courseFeePaise: z.number().int(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });
