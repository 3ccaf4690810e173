import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { idParamsSchema, recordIdSchema } from './fields.js';
import { formatDate, type TimeZone } from './dates.js';

/**
 * Certificates of completion (issue 20): the code printed on each, what the public page and the student's dashboard
 * are told about one, and the words both show.
 */

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper has no look-alikes. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 12;

/** A code as printed: XXXX-XXXX-XXXX. */
export function formatCertificateCode(raw: string): string {
  return raw.match(/.{1,4}/g)!.join('-');
}

/**
 * The code as stored (XXXX-XXXX-XXXX), from however a person typed it: any case, with or without dashes or spaces,
 * and the letters Crockford reads as digits (I and L as 1, O as 0). Undefined when it cannot be a code.
 */
export function normalizeCertificateCode(input: string): string | undefined {
  if (input.length > 40) return undefined;
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (compact.length !== CERTIFICATE_CODE_LENGTH) return undefined;
  if ([...compact].some((c) => !CODE_ALPHABET.includes(c))) return undefined;
  return formatCertificateCode(compact);
}

/** A new code from `bytes` random bytes (one character from each byte's low five bits: no bias, 60 bits in all). */
export function certificateCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < CERTIFICATE_CODE_LENGTH) throw new Error('a certificate code needs 12 random bytes');
  let raw = '';
  for (let i = 0; i < CERTIFICATE_CODE_LENGTH; i++) raw += CODE_ALPHABET[bytes[i]! & 31];
  return formatCertificateCode(raw);
}

/** The public page of a certificate, where anyone can check it. */
export const certificatePagePath = (code: string) => `/certificates/${encodeURIComponent(code)}`;

/** `/api/v1/certificates/:code`: any text; one that is not a code is answered as a code that does not exist. */
export const certificateCodeParamsSchema = z.object({ code: z.string() });

const certificateFields = {
  code: z.string(),
  student_name: z.string(),
  course: z.string(),
  /** The batch the student completed, or null for a student completed outside any batch. */
  batch: z.number().nullable(),
  /** The batch's first and last class, as days of the course calendar ('2026-11-30'); null when it had none. */
  batch_start: z.string().nullable(),
  batch_end: z.string().nullable(),
  teacher_name: z.string(),
  issued_at: z.string(),
};

/** What anyone with the code is told: who, which course and batch, and whether it still stands. */
export const publicCertificateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('valid'), ...certificateFields }),
  z.object({ status: z.literal('revoked'), ...certificateFields, revoked_at: z.string() }),
]);
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

/** `GET /api/v1/me/certificate`: the student's latest certificate, or null before they complete the course. */
export const myCertificateSchema = z.object({ certificate: publicCertificateSchema.nullable() });
export type MyCertificate = z.infer<typeof myCertificateSchema>;

/** The teacher's list of one student's certificates, newest first. */
export const adminCertificateSchema = z.object({
  id: z.number(),
  code: z.string(),
  status: z.enum(['valid', 'revoked']),
  batch: z.number().nullable(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
});
export const adminCertificateListSchema = z.array(adminCertificateSchema);
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;

/** "Batch 3, 4 Jan 2027 – 29 Mar 2027", "Batch 3" when it had no classes, null outside any batch. */
export function batchLine(
  c: Pick<PublicCertificate, 'batch' | 'batch_start' | 'batch_end'>,
  zone: TimeZone,
): string | null {
  if (c.batch === null) return null;
  if (!c.batch_start || !c.batch_end) return `Batch ${c.batch}`;
  return `Batch ${c.batch}, ${formatDate(c.batch_start, zone)} – ${formatDate(c.batch_end, zone)}`;
}

/** A completed student with no certificate standing: completed before the site issued certificates. */
export const missingCertificateSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  student_batch: z.number().int().nullable(),
});
export const missingCertificateListSchema = z.array(missingCertificateSchema);
export type MissingCertificate = z.infer<typeof missingCertificateSchema>;

/** `POST /api/v1/admin/certificates/missing`: the students (of the list shown) to issue certificates to. */
export const issueMissingInputSchema = z.strictObject({
  student_ids: z
    .array(recordIdSchema, { error: 'Choose the students to issue certificates to.' })
    .min(1, 'Choose the students to issue certificates to.')
    .max(500, 'At most 500 certificates at once.'),
});
export const issueMissingResultSchema = z.object({ issued: z.number().int(), message: z.string() });

export const certificateMessages = {
  /** The one answer for a code that does not exist, was mistyped or is not a code at all: it tells nothing more. */
  notFound: 'No certificate has this code. Check the code on the certificate.',
  noCertificate:
    'You have no valid certificate to download. It is issued when your teacher marks the course completed.',
  noticeTitle: 'Your certificate of completion is ready',
  /** The audit trail's entry for a certificate issued to a student completed before certificates existed. */
  issuedLate: (code: string) => `Certificate ${code} issued: the course was completed before certificates existed.`,
  issuedMissing: (n: number) =>
    n === 0
      ? 'Every one of them has a certificate already.'
      : `${n} certificate${n === 1 ? '' : 's'} issued and sent by email.`,
  revokedStatement: (revokedAt: string, zone: TimeZone) =>
    `This certificate was revoked on ${formatDate(revokedAt, zone)} and is no longer valid.`,
  validStatement: (c: PublicCertificate, zone: TimeZone) => {
    const batch =
      c.batch === null ? '' : `, batch ${c.batch}${c.batch_start && c.batch_end ? ` (${dates(c, zone)})` : ''}`;
    return `This certificate was issued to ${c.student_name} for completing ${c.course}${batch}, taught by ${
      c.teacher_name
    }, on ${formatDate(c.issued_at, zone)}.`;
  },
} as const;

function dates(c: Pick<PublicCertificate, 'batch_start' | 'batch_end'>, zone: TimeZone): string {
  return `${formatDate(c.batch_start!, zone)} – ${formatDate(c.batch_end!, zone)}`;
}

/** The endpoints of certificates: issuing, listing and checking them. */
export const certificatesEndpoints = endpoints({
  publicCertificate: {
    method: 'GET',
    path: '/api/v1/certificates/:code',
    access: 'public',
    params: certificateCodeParamsSchema,
    response: { 200: publicCertificateSchema },
  },
  myCertificate: {
    method: 'GET',
    path: '/api/v1/me/certificate',
    access: 'student',
    response: { 200: myCertificateSchema },
  },
  myCertificatePdf: { method: 'GET', path: '/api/v1/me/certificate.pdf', access: 'student' },
  studentCertificates: {
    method: 'GET',
    path: '/api/v1/admin/students/:id/certificates',
    access: 'admin',
    params: idParamsSchema,
    response: { 200: adminCertificateListSchema },
  },
  missingCertificates: {
    method: 'GET',
    path: '/api/v1/admin/certificates/missing',
    access: 'admin',
    response: { 200: missingCertificateListSchema },
  },
  issueMissing: {
    method: 'POST',
    path: '/api/v1/admin/certificates/missing',
    access: 'admin',
    body: issueMissingInputSchema,
    response: { 200: issueMissingResultSchema },
  },
});
