import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { TIME_ZONES } from './dates.js';
import { hasControlCharacters, isoDateSchema, oneLineText } from './fields.js';

/**
 * The teacher's site settings (Site Settings on /AdminPage): who teaches, what the pages say, what the course
 * costs. One schema checks the form in the browser and `PUT /api/v1/admin/settings` on the server.
 */

export const SETTINGS_LIMITS = {
  name: 100,
  bio: 3000,
  url: 500,
  email: 254,
  ownerName: 200,
  address: 500,
  question: 300,
  answer: 2000,
  faqs: 30,
  maxFeeRupees: 100_000,
} as const;

/** Text that may run over several lines (a biography, an address, an answer). */
function text(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

function email(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(SETTINGS_LIMITS.email, `${label} is too long`)
    .pipe(z.email(`${label} must be an email address`));
}

const emptyIsNull = (value: unknown) => (value === '' ? null : value);
/** A GST registration number: state code, PAN, entity number, Z, check character. */
const GSTIN_FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const faqEntrySchema = z.strictObject({
  question: oneLineText('An FAQ question', SETTINGS_LIMITS.question),
  answer: text('An FAQ answer', SETTINGS_LIMITS.answer),
});

const feeMessage = `The course fee must be a whole number of rupees from 1 to ${SETTINGS_LIMITS.maxFeeRupees}`;

export const siteSettingsSchema = z.strictObject({
  instructorName: oneLineText('Instructor name', SETTINGS_LIMITS.name),
  instructorBio: text('Instructor biography', SETTINGS_LIMITS.bio),
  profileUrl: z
    .string({ error: 'Professional profile link is required' })
    .trim()
    .max(SETTINGS_LIMITS.url, `Professional profile link must be at most ${SETTINGS_LIMITS.url} characters`)
    .pipe(z.url({ protocol: /^https$/, error: 'Professional profile link must be an https:// address' })),
  contactEmail: email('Contact email'),
  privacyOwnerName: oneLineText('Privacy policy owner', SETTINGS_LIMITS.ownerName),
  privacyAddress: text('Postal address', SETTINGS_LIMITS.address).refine(
    (value) => !hasControlCharacters(value.replaceAll(/\r?\n/g, ' ')),
    'Postal address cannot contain control characters',
  ),
  privacyEmail: email('Privacy contact email'),
  businessName: oneLineText('Business name on receipts', SETTINGS_LIMITS.ownerName),
  gstin: z.preprocess(
    (value) => (typeof value === 'string' ? emptyIsNull(value.trim().toUpperCase()) : value),
    z
      .string({ error: 'GSTIN must be text' })
      .max(15, 'GSTIN must be 15 characters, such as 32ABCDE1234F1Z5')
      .regex(GSTIN_FORMAT, 'GSTIN must be 15 characters, such as 32ABCDE1234F1Z5')
      .nullable(),
  ),
  courseFeeRupees: z
    .number({ error: feeMessage })
    .int(feeMessage)
    .min(1, feeMessage)
    .max(SETTINGS_LIMITS.maxFeeRupees, feeMessage),
  nextBatchDate: z.preprocess(emptyIsNull, isoDateSchema('Next batch start date').nullable()),
  faqs: z
    .array(faqEntrySchema, { error: 'The FAQ must be a list of questions and answers' })
    .max(SETTINGS_LIMITS.faqs, `At most ${SETTINGS_LIMITS.faqs} FAQ entries`),
  timeZone: z.enum(TIME_ZONES, { error: 'Choose the course time zone from the list' }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingsForm = z.input<typeof siteSettingsSchema>;

/** A setting the dashboard can name: every field above, and the photo, which has its own upload. */
export const SETTING_NAMES = [
  'instructorName',
  'instructorPhoto',
  'instructorBio',
  'profileUrl',
  'contactEmail',
  'privacyOwnerName',
  'privacyAddress',
  'privacyEmail',
  'businessName',
  'gstin',
  'courseFeeRupees',
  'nextBatchDate',
  'faqs',
  'timeZone',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

export const SETTING_LABELS: Record<SettingName, string> = {
  instructorName: 'Instructor name',
  instructorPhoto: 'Instructor photo',
  instructorBio: 'Instructor biography',
  profileUrl: 'Professional profile link',
  contactEmail: 'Contact email',
  privacyOwnerName: 'Privacy policy owner',
  privacyAddress: 'Privacy policy postal address',
  privacyEmail: 'Privacy policy email',
  businessName: 'Business name on receipts',
  gstin: 'GSTIN',
  courseFeeRupees: 'Course fee',
  nextBatchDate: 'Next batch start date',
  faqs: 'FAQ',
  timeZone: 'Course time zone',
};

/** `GET /api/v1/admin/settings`: the values as stored (not re-checked), the photo, and which are still the defaults. */
export const adminSettingsSchema = z.object({
  settings: z.object({
    instructorName: z.string(),
    instructorBio: z.string(),
    profileUrl: z.string(),
    contactEmail: z.string(),
    privacyOwnerName: z.string(),
    privacyAddress: z.string(),
    privacyEmail: z.string(),
    businessName: z.string(),
    gstin: z.string().nullable(),
    courseFeeRupees: z.number(),
    nextBatchDate: z.string().nullable(),
    faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
    timeZone: z.string(),
  }),
  instructorPhotoUrl: z.string().nullable(),
  defaults: z.array(z.enum(SETTING_NAMES)),
  /** The defaults the teacher chose to keep (Keep these defaults): not named again while no other joins them. */
  defaults_kept: z.array(z.enum(SETTING_NAMES)),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/**
 * Whether the dashboard names the settings still at their first values: not once the teacher kept them all, and
 * again as soon as one they did not keep is back at its first value (or a new setting comes with an update).
 */
export const defaultsNeedNotice = (view: Pick<AdminSettings, 'defaults' | 'defaults_kept'>) =>
  view.defaults.some((name) => !view.defaults_kept.includes(name));

/** The endpoints of the site's settings. */
export const settingsEndpoints = endpoints({
  settings: { method: 'GET', path: '/api/v1/admin/settings', access: 'admin', response: { 200: adminSettingsSchema } },
  save: {
    method: 'PUT',
    path: '/api/v1/admin/settings',
    access: 'admin',
    body: siteSettingsSchema,
    response: { 200: adminSettingsSchema },
  },
  keepDefaults: {
    method: 'POST',
    path: '/api/v1/admin/settings/keep_defaults',
    access: 'admin',
    response: { 200: adminSettingsSchema },
  },
  uploadPhoto: {
    method: 'POST',
    path: '/api/v1/admin/settings/photo',
    access: 'admin',
    response: { 200: adminSettingsSchema },
  },
  deletePhoto: {
    method: 'DELETE',
    path: '/api/v1/admin/settings/photo',
    access: 'admin',
    response: { 200: adminSettingsSchema },
  },
});
