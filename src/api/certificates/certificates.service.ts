import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  type AdminCertificate,
  certificateCodeFrom,
  certificateMessages,
  certificatePagePath,
  type MyCertificate,
  normalizeCertificateCode,
  type PublicCertificate,
} from '../../contracts/certificates.js';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { COURSE_NAME, STUDENT_STATUS } from '../../contracts/course.js';
import { courseWallClock, type TimeZone } from '../../contracts/dates.js';
import { paths } from '../../contracts/paths.js';
import { DEFAULT_SITE_CONTENT } from '../../contracts/site-info.js';
import type { Config } from '../config/env.js';
import { transact } from '../db/after-commit.js';
import { nowIso } from '../db/clock.js';
import type { CertificateRow, Database, StudentRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { RenderedAttachment } from '../mail/mail-attachments.js';
import { certificateMail } from '../mail/mail-templates.js';
import { withdrawUnsentMail } from '../mail/outbox.repository.js';
import { cachedPdf } from '../pdf/pdf-cache.js';
import { type NotificationsService, personName } from '../notifications/notifications.service.js';
import { readTimeZone } from '../settings/settings.repository.js';
import { SETTING_KEYS } from '../settings/site-settings.js';
import { findStudentById } from '../students/students.repository.js';
import { insertStatusChange } from '../admin/student-status.repository.js';
import { type CertificateFacts, renderCertificatePdf } from './certificate-pdf.js';
import {
  batchSpan,
  findCertificateByCode,
  findCertificateById,
  insertCertificate,
  listCompletedWithoutCertificate,
  listStudentCertificates,
  readSetting,
  revokeStudentCertificates,
} from './certificates.repository.js';
import { messages } from '../../contracts/messages.js';

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  notifications: Pick<NotificationsService, 'notify' | 'withdraw'>;
  /** The time now (tests step through it). */
  clock?: Clock;
  /** The course's time zone (a site setting), for the dates on a certificate. */
  timeZone: () => Promise<TimeZone>;
}

/** A change of a student's student_status, as the status change's transaction sees it. */
export interface StatusChange {
  /** The student as they were before the change. */
  student: StudentRow;
  from: number;
  to: number;
  now?: Date;
  /** Why a completion was reverted, kept on the revoked certificate. */
  reason?: string | null;
}

type Trx = Transaction<Database> | Kysely<Database>;

const facts = (row: CertificateRow): CertificateFacts => ({
  code: row.code,
  student_name: row.student_name,
  course: row.course,
  batch: row.batch_number,
  batch_start: row.batch_start,
  batch_end: row.batch_end,
  teacher_name: row.teacher_name,
  issued_at: row.issued_at,
});

function toPublic(row: CertificateRow): PublicCertificate {
  return row.revoked_at === null
    ? { status: 'valid', ...facts(row) }
    : { status: 'revoked', ...facts(row), revoked_at: row.revoked_at };
}

const calendarDay = (instant: string | null, zone: TimeZone) =>
  instant ? (courseWallClock(instant, zone)?.date ?? null) : null;

/**
 * The period a certificate states: from the batch's first class (its announced start date without classes) to its
 * last class, or to the completion day when that class is still to come. A certificate states what happened: a
 * student completed mid-batch finished on the day the teacher marked them, and a future date on paper would be a
 * claim about days nobody has seen yet. The batch's last class is kept when it is past, because that is the period
 * the student studied in. A start after the end (completed before the batch began) is the completion day too.
 */
export function certificatePeriod(
  span: { startDate: string | null; first: string | null; last: string | null } | undefined,
  issuedAt: string,
  zone: TimeZone,
): { start: string | null; end: string | null } {
  if (!span) return { start: null, end: null };
  const completed = calendarDay(issuedAt, zone);
  const lastClass = calendarDay(span.last, zone);
  const end = lastClass !== null && completed !== null && lastClass > completed ? completed : lastClass;
  const first = calendarDay(span.first, zone) ?? span.startDate;
  const start = first !== null && end !== null && first > end ? end : first;
  return { start, end };
}

export function createCertificatesService({ db, config, notifications, clock = systemClock, timeZone }: Deps) {
  const verifyUrl = (code: string) => `${config.appUrl}${certificatePagePath(code)}`;
  const pdfOf = async (row: CertificateRow) => {
    const inputs = [facts(row), verifyUrl(row.code), await timeZone()] as const;
    return cachedPdf(['certificate', inputs], () => renderCertificatePdf(...inputs));
  };

  async function newCode(trx: Trx): Promise<string> {
    // 60 random bits: a repeat is all but impossible, and checked rather than left to the unique index, whose
    // violation would abort the whole status change on PostgreSQL.
    for (;;) {
      const code = certificateCodeFrom(randomBytes(12));
      if (!(await findCertificateByCode(trx, code))) return code;
    }
  }

  /** Issues a certificate stating what is true now, and tells the student (mail with the PDF, site notice). */
  async function issue(trx: Trx, student: StudentRow, at: string): Promise<string> {
    const batch = student.student_batch;
    const span = batch === null ? undefined : await batchSpan(trx, batch);
    const teacher = (await readSetting(trx, SETTING_KEYS.instructorName)) || DEFAULT_SITE_CONTENT.instructorName;
    const code = await newCode(trx);
    const zone = await readTimeZone(trx);
    const { start, end } = certificatePeriod(span, at, zone);
    const id = await insertCertificate(trx, {
      code,
      student_id: student.id,
      student_name: personName(student),
      course: COURSE_NAME,
      batch_number: batch,
      batch_start: start,
      batch_end: end,
      teacher_name: teacher,
      issued_at: at,
    });
    await notifications.notify(
      trx,
      [student],
      'certificate_issued',
      {
        title: certificateMessages.noticeTitle,
        body: `Certificate ${code}: download it from your dashboard.`,
        link: paths.dashboard,
      },
      (s) =>
        certificateMail(s.email, s.first_name, { id, code }, verifyUrl(code), `${config.appUrl}${paths.dashboard}`),
    );
    return code;
  }

  async function validOf(student: StudentRow): Promise<CertificateRow | undefined> {
    return (await listStudentCertificates(db, student.id, 1)).find((row) => row.revoked_at === null);
  }

  return {
    /**
     * The certificate rules of a status change, inside its transaction: becoming completed issues a new certificate,
     * leaving completed revokes the ones that stood (kept, with when and why). Other changes do nothing.
     */
    async onStatusChange(trx: Trx, change: StatusChange): Promise<{ certificateCode: string | null }> {
      const completed = STUDENT_STATUS.completed;
      if (change.from === change.to) return { certificateCode: null };
      const at = nowIso(change.now ?? clock());
      if (change.from === completed) {
        const revoked = await revokeStudentCertificates(trx, change.student.id, at, change.reason ?? null);
        // Its "your certificate is attached" mail, if not sent yet, is withdrawn with it: it would announce a code
        // the public page calls revoked.
        for (const id of revoked) await withdrawUnsentMail(trx, { kind: 'certificate', id });
        // So is the notice that it is ready: leaving completed revokes every certificate the student had.
        if (revoked.length > 0) await notifications.withdraw(trx, change.student.id, 'certificate_issued');
      }
      return { certificateCode: change.to === completed ? await issue(trx, change.student, at) : null };
    },

    /** Completed students with no certificate standing: those completed before the site issued certificates. */
    missing: () => listCompletedWithoutCertificate(db),

    /**
     * Issues certificates to those of `studentIds` still completed without one (the list the teacher saw), each in
     * the audit trail as the teacher's entry: a Completed → Completed change with the code, which nothing undoes.
     */
    async issueMissing(admin: StudentRow, studentIds: number[]): Promise<{ issued: number; message: string }> {
      const at = nowIso(clock());
      const chosen = new Set(studentIds);
      const issued = await transact(db, async (trx) => {
        let count = 0;
        for (const row of await listCompletedWithoutCertificate(trx)) {
          if (!chosen.has(row.id)) continue;
          const student = await findStudentById(trx, row.id);
          if (!student) continue;
          const code = await issue(trx, student, at);
          await insertStatusChange(trx, {
            student_id: student.id,
            student_email: student.email,
            from_status: STUDENT_STATUS.completed,
            to_status: STUDENT_STATUS.completed,
            changed_by: admin.id,
            changed_by_email: admin.email,
            reason: certificateMessages.issuedLate(code),
          });
          count += 1;
        }
        return count;
      });
      return { issued, message: certificateMessages.issuedMissing(issued) };
    },

    /** The public check: a code that is no certificate's, whatever its shape, gets the one same answer. */
    async verify(codeInput: string): Promise<PublicCertificate> {
      const code = normalizeCertificateCode(codeInput);
      const row = code ? await findCertificateByCode(db, code) : undefined;
      if (!row) throw new AppError('notFound', certificateMessages.notFound);
      return toPublic(row);
    },

    async mine(student: StudentRow): Promise<MyCertificate> {
      const [latest] = await listStudentCertificates(db, student.id, 1);
      return { certificate: latest ? toPublic(latest) : null };
    },

    async myPdf(student: StudentRow): Promise<RenderedAttachment> {
      const row = await validOf(student);
      if (!row) throw new AppError('notFound', certificateMessages.noCertificate);
      return { filename: `certificate-${row.code}.pdf`, content: await pdfOf(row) };
    },

    /**
     * The mail's attachment, rendered when the message is sent. A certificate revoked (or deleted with its student)
     * before then is not sent: a withdrawn certificate is never handed out as a document.
     */
    async attachment(id: number): Promise<RenderedAttachment | null> {
      const row = await findCertificateById(db, id);
      if (!row || row.revoked_at !== null) return null;
      return { filename: `certificate-${row.code}.pdf`, content: await pdfOf(row) };
    },

    /** One student's certificates for the teacher, newest first. */
    async ofStudent(studentId: number): Promise<AdminCertificate[]> {
      const student = await findStudentById(db, studentId);
      if (!student || student.role !== 'student') throw new AppError('notFound', messages.noSuchStudent);
      return (await listStudentCertificates(db, studentId)).map((row) => ({
        id: row.id,
        code: row.code,
        status: row.revoked_at === null ? 'valid' : 'revoked',
        batch: row.batch_number,
        issued_at: row.issued_at,
        revoked_at: row.revoked_at,
        revoke_reason: row.revoke_reason,
      }));
    },
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
