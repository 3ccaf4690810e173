import type { Kysely } from 'kysely';
import { STUDENT_STATUS, type StudentStatus } from '../../contracts/course.js';
import type { Database, StudentRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { hasCapturedPayment, recordManualPayment } from '../payments/payments.repository.js';
import type { CertificatesService } from '../certificates/certificates.service.js';
import { photoStore } from '../students/photo-store.js';
import { findStudentById, updateStudent } from '../students/students.repository.js';
import { ensureBatch } from './batches.repository.js';
import {
  deleteStudentRow,
  findStudentAccountByEmail,
  insertStatusChange,
  listStatusChanges,
} from './student-status.repository.js';

/**
 * `feePaise`: the course fee now (a site setting), read when a manual payment is recorded. `onStatusChange`: the
 * certificate rules, run inside each status change's transaction.
 */
export function createStudentAdminService(
  db: Kysely<Database>,
  feePaise: () => Promise<number>,
  onStatusChange: CertificatesService['onStatusChange'],
) {
  async function studentOrFail(id: number): Promise<StudentRow> {
    const student = await findStudentById(db, id);
    if (!student || student.role !== 'student') throw new AppError('notFound', 'No such student.');
    return student;
  }
  return {
    /**
     * Sets student_status (1 paid, 2 completed, 0 unpaid) and records who did it and when. Marking an unpaid
     * student paid records a manual payment of the fee, unless a payment is already on record.
     */
    async setStatus(admin: StudentRow, id: number, status: StudentStatus): Promise<StudentRow> {
      const student = await studentOrFail(id);
      // Read before the transaction: SQLite has one connection, which the transaction holds.
      const fee = await feePaise();
      return db.transaction().execute(async (trx) => {
        await updateStudent(trx, id, { student_status: status });
        await onStatusChange(trx, { student, from: student.student_status, to: status });
        if (
          status === STUDENT_STATUS.paid &&
          student.student_status === STUDENT_STATUS.unpaid &&
          !(await hasCapturedPayment(trx, id))
        ) {
          await recordManualPayment(trx, student, fee);
        }
        await insertStatusChange(trx, {
          student_id: id,
          student_email: student.email,
          from_status: student.student_status,
          to_status: status,
          changed_by: admin.id,
          changed_by_email: admin.email,
        });
        const updated = await findStudentById(trx, id);
        if (!updated) throw new Error('student vanished inside its own transaction');
        return updated;
      });
    },

    /** Removes the account, its sessions, links, programs and personal data; payments stay for the accounts. */
    async deleteStudent(id: number): Promise<void> {
      const student = await studentOrFail(id);
      await db.transaction().execute(async (trx) => {
        await deleteStudentRow(trx, id);
        await photoStore.remove(trx, student.image_path);
      });
    },

    /** The status changes the admin made, of one student or of everyone: newest first. */
    statusChanges: (studentId: number | undefined) => listStatusChanges(db, studentId),

    async setBatch(email: string, batch: number): Promise<StudentRow> {
      const student = await findStudentAccountByEmail(db, email);
      if (!student) throw new AppError('notFound', 'Please check email');
      return db.transaction().execute(async (trx) => {
        await ensureBatch(trx, batch);
        await updateStudent(trx, student.id, { student_batch: batch });
        const updated = await findStudentById(trx, student.id);
        if (!updated) throw new Error('student vanished inside its own transaction');
        return updated;
      });
    },
  };
}

export type StudentAdminService = ReturnType<typeof createStudentAdminService>;
