import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { idParamsSchema, messageResponseSchema, fieldMessages, hasControlCharacters, oneLineText } from './fields.js';
import { feedbackStates } from './testimonials.js';
import { normalizeMobile } from './mobile.js';
import { passwordSchema } from './password.js';

/** Shared by the signup, login, password and profile forms and the API routes behind them. */

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));
const name = (label: string) => oneLineText(label, 60);

export const signupSchema = z.strictObject({
  email,
  password: passwordSchema,
  first_name: name('First name'),
  last_name: name('Last name'),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.strictObject({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254, 'Email is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const emailOnlySchema = z.strictObject({ email });
export const resendQuerySchema = z.strictObject({ email });
/** The link in the verification email. */
export const verifyEmailQuerySchema = z.object({ token: z.string().max(200).optional() });
export type VerifyEmailQuery = z.infer<typeof verifyEmailQuerySchema>;

export const resetPasswordSchema = z.strictObject({ email, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.strictObject({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024),
  password: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const required = (label: string) => oneLineText(label, 100);
const optionalText = (label: string) =>
  z
    .string()
    .trim()
    .refine((text) => !hasControlCharacters(text), fieldMessages.oneLine(label))
    .max(100, `${label} must be at most 100 characters`)
    .optional();

/** The fields a student may change on their own profile: nothing else (no status, batch, activation or role). */
export const profileSchema = z.strictObject({
  first_name: name('First name').optional(),
  last_name: name('Last name').optional(),
  /** 10 digits in India, else + and the country code, kept in E.164 (contracts/mobile.ts). */
  mobile: z.string({ error: 'Mobile is required' }).transform((typed, context) => {
    const checked = normalizeMobile(typed);
    if (checked.ok) return checked.mobile;
    context.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  }),
  city: required('City'),
  country: required('Country'),
  study: required('Study / job role'),
  institution: required('College / company'),
  work: optionalText('Work'),
  office: optionalText('Office'),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** A student as the API shows it to that student (and to the admin). */
export const studentDataSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  study: z.string().nullable(),
  institution: z.string().nullable(),
  work: z.string().nullable(),
  office: z.string().nullable(),
  activated: z.boolean(),
  student_status: z.number().int(),
  student_batch: z.number().int().nullable(),
  uniq_id: z.string(),
  get_image_url: z.string().nullable(),
  feedback: z.string().nullable(),
  /** The teacher's moderation of the feedback (null without feedback). */
  feedback_state: z.enum(feedbackStates).nullable(),
  role: z.enum(['student', 'admin']),
});
export type StudentData = z.infer<typeof studentDataSchema>;

/** JSON:API-style resource, as the original client reads `data.data.attributes`. */
export const studentResourceSchema = z.object({
  id: z.string(),
  type: z.literal('student'),
  attributes: studentDataSchema,
});

export const authResponseSchema = z.object({
  data: studentResourceSchema,
  meta: z.object({ token: z.string() }),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const profileUpdateResponseSchema = z.object({
  data: studentResourceSchema,
  meta: z.object({
    message: z.string(),
    /** A Completed mark: the certificate it issued (and mailed). */
    certificate_code: z.string().optional(),
    /** A Paid mark that recorded a payment: its receipt's number (mailed to the student). */
    receipt_number: z.string().optional(),
  }),
});
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** 25 megapixels: any phone's photo (12 to 24 MP) fits; a 39000 x 1000 pixel bomb does not. */
export const PHOTO_MAX_PIXELS = 25_000_000;
/** Photo uploads per account per hour. */
export const PHOTO_UPLOADS_PER_HOUR = 10;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** After the course (status 2) a student leaves feedback, shown on the landing page as a testimonial. */
export const feedbackSchema = z.strictObject({
  feedback: z
    .string({ error: 'Feedback is required' })
    .trim()
    .min(1, 'Feedback is required')
    .max(2000, 'Feedback must be at most 2000 characters'),
});
export const FEEDBACK_NOT_YET = 'Feedback opens once you have completed the course.';

/** `/uploads/photos/:name`. */
export const photoParamsSchema = z.object({ name: z.string().max(100) });

/** The endpoints of signing up, in and out, and the account itself. */
export const accountsEndpoints = endpoints({
  signup: {
    method: 'POST',
    path: '/students',
    access: 'public',
    body: signupSchema,
    response: { 201: authResponseSchema },
  },
  verifyEmail: { method: 'GET', path: '/students/verify_email', access: 'public', query: verifyEmailQuerySchema },
  resendEmail: {
    method: 'GET',
    path: '/students/resend_email',
    access: 'public',
    query: resendQuerySchema,
    response: { 200: messageResponseSchema },
  },
  login: {
    method: 'POST',
    path: '/students/login',
    access: 'public',
    body: loginSchema,
    response: { 200: authResponseSchema },
  },
  logout: {
    method: 'POST',
    path: '/students/logout',
    access: 'student',
    allowUnverified: true,
    response: { 200: messageResponseSchema },
  },
  forgotPassword: {
    method: 'POST',
    path: '/forgot_password',
    access: 'public',
    body: emailOnlySchema,
    response: { 200: messageResponseSchema },
  },
  resetPassword: {
    method: 'POST',
    path: '/reset_password',
    access: 'public',
    body: resetPasswordSchema,
    response: { 200: messageResponseSchema },
  },
  changePassword: {
    method: 'POST',
    path: '/change_password',
    access: 'student',
    body: changePasswordSchema,
    response: { 200: messageResponseSchema },
  },
});

/** The endpoints of a student's profile and photo. */
export const profileEndpoints = endpoints({
  profile: { method: 'GET', path: '/students/profile', access: 'student', response: { 200: studentDataSchema } },
  sendNames: { method: 'GET', path: '/students/send_names', access: 'student', response: { 200: studentDataSchema } },
  inviteEmail: {
    method: 'POST',
    path: '/invite_email',
    access: 'public',
    body: emailOnlySchema,
    response: { 200: messageResponseSchema },
  },
  updateStudent: {
    method: 'PATCH',
    path: '/students/:id',
    access: 'student',
    params: idParamsSchema,
    response: { 200: profileUpdateResponseSchema },
  },
  photo: { method: 'GET', path: '/uploads/photos/:name', access: 'public', params: photoParamsSchema },
});
