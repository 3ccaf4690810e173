import type { StudentData } from '../../contracts/accounts.js';
import type { StudentRow } from '../db/schema.js';
import { studentPhotoUrl } from './student-photo.js';

/** The one place a student row becomes API output: never the password hash or internal columns. */
export function toStudentData(row: StudentRow): StudentData {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    mobile: row.mobile,
    city: row.city,
    country: row.country,
    study: row.study,
    institution: row.institution,
    work: row.work,
    office: row.office,
    activated: row.activated,
    student_status: row.student_status,
    student_batch: row.student_batch,
    uniq_id: row.uniq_id,
    get_image_url: studentPhotoUrl(row.image_path),
    feedback: row.feedback,
    feedback_state: row.feedback_state,
    role: row.role,
  };
}

export function toStudentResource(row: StudentRow) {
  return { id: String(row.id), type: 'student' as const, attributes: toStudentData(row) };
}

/**
 * The answer to the teacher's status mark (the original client's shape): the student, "Status updated", and what the
 * mark did that the teacher should be told of, the certificate it issued or the receipt of the payment it recorded.
 */
export function statusUpdated(outcome: {
  student: StudentRow;
  certificateCode: string | null;
  receiptNumber: string | null;
}) {
  return {
    data: toStudentResource(outcome.student),
    meta: {
      message: 'Status updated',
      ...(outcome.certificateCode ? { certificate_code: outcome.certificateCode } : {}),
      ...(outcome.receiptNumber ? { receipt_number: outcome.receiptNumber } : {}),
    },
  };
}
