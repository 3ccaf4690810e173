import type { Kysely, Transaction } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { type CompletionCheck, statusRevertMessages } from '../../contracts/admin.js';
import { listBatchTimes } from '../schedule/schedule.repository.js';
import { STUDENT_STATUS, type StudentStatus, studentStatusName } from '../../contracts/course.js';
import { transact } from '../db/after-commit.js';
import { nowIso } from '../db/clock.js';
import type { Database, StudentRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import {
  hasCapturedGatewayPayment,
  hasCapturedPayment,
  recordManualPayment,
  voidManualPayment,
  voidManualPaymentsOf,
} from '../payments/payments.repository.js';
import type { CertificatesService } from '../certificates/certificates.service.js';
import { photoStore } from '../students/photo-store.js';
import { findStudentById, updateStudent } from '../students/students.repository.js';
import { ensureBatch } from './batches.repository.js';
import {
  deleteStudentRow,
  findStudentAccountByEmail,
  insertStatusChange,
  latestStatusChange,
  listStatusChanges,
  setStudentStatus,
} from './student-status.repository.js';
import { messages } from '../../contracts/messages.js';
import { type ManualPaymentMethod, PAYMENT_CURRENCY } from '../../contracts/payments.js';
import type { ReceiptNotice } from '../payments/receipt-notice.js';

interface Deps {
  db: Kysely<Database>;
  /** The course fee now (a site setting), read when a manual payment is recorded. */
  feePaise: () => Promise<number>;
  /** The certificate rules, run inside each status change's transaction. */
  onStatusChange: CertificatesService['onStatusChange'];
  /** The receipt notice and mail of a payment the teacher recorded, in its transaction (which wakes whom it told). */
  tellReceipt: ReceiptNotice;
  /** A student's attended of held classes (the schedule's count, as the student lists show it). */
  attendance: (students: { id: number; student_batch: number | null }[]) => Promise<{
    counts: Map<number, { attended: number; held: number }>;
  }>;
  clock?: Clock;
}

/** What a status change did besides the status: the certificate it issued, the receipt of the payment it recorded. */
export interface StatusChangeOutcome {
  student: StudentRow;
  certificateCode: string | null;
  receiptNumber: string | null;
}

export function createStudentAdminService({
  db,
  feePaise,
  onStatusChange,
  tellReceipt,
  attendance,
  clock = systemClock,
}: Deps) {
  async function studentOrFail(id: number): Promise<StudentRow> {
    const student = await findStudentById(db, id);
    if (!student || student.role !== 'student') throw new AppError('notFound', messages.noSuchStudent);
    return student;
  }
  /**
   * THE single place where these routes change a student's student_status (the admin's marks and their undo), in
   * the caller's transaction: sets it, records the change in the audit trail, and keeps the payment records in step
   * (a Paid mark of an unpaid student with no payment records a manual one; undoing that mark voids it) and the
   * certificate rules (issued on becoming completed, revoked on leaving it).
   */
  async function applyStatusChange(
    trx: Transaction<Database>,
    change: {
      student: StudentRow;
      to: StudentStatus;
      by: StudentRow;
      feePaise: number;
      /** What the teacher received, when they said (a Paid mark). */
      received?: { amountPaise: number; method: ManualPaymentMethod };
      revert?: { id: number; reason: string; paymentId: number | null };
    },
  ): Promise<StatusChangeOutcome> {
    const { student, to, by, revert } = change;
    const from = student.student_status;
    // The status it already has (a second tab's stale button): nothing changes, so nothing is recorded either. A
    // recorded no-op would become "the latest change", and undoing it would hide the real mark from Undo.
    if (from === to) return { student, certificateCode: null, receiptNumber: null };
    if (to === STUDENT_STATUS.unpaid && !revert && (await hasCapturedGatewayPayment(trx, student.id)))
      throw new AppError('conflict', statusRevertMessages.unpaidAfterOnline);
    if (!(await setStudentStatus(trx, student.id, from, to, clock())))
      throw new AppError('conflict', 'The student’s status changed meanwhile. Please reload and try again.');
    const { certificateCode } = await onStatusChange(trx, { student, from, to, reason: revert?.reason ?? null });
    let paymentId: number | null = null;
    let receiptNumber: string | null = null;
    if (revert) {
      if (revert.paymentId !== null) await voidManualPayment(trx, revert.paymentId, clock());
    } else if (to === STUDENT_STATUS.unpaid) {
      // Set back to Unpaid directly: money received online is refunded at the gateway, never voided here; a fee
      // the teacher recorded is voided, as an undo would, so the student can pay (once) and the total stays right.
      paymentId = (await voidManualPaymentsOf(trx, student.id, clock()))[0] ?? null;
    } else if (
      to === STUDENT_STATUS.paid &&
      from === STUDENT_STATUS.unpaid &&
      !(await hasCapturedPayment(trx, student.id))
    ) {
      // What the teacher said they received; the original client's mark, without it: the fee, how unknown.
      const amount = change.received?.amountPaise ?? change.feePaise;
      const payment = await recordManualPayment(trx, student, amount, change.received?.method ?? null, clock());
      paymentId = payment.id;
      receiptNumber = payment.receipt_number;
      // The student gets the receipt, as one who paid online does.
      const receipt = {
        id: payment.id,
        amount,
        currency: PAYMENT_CURRENCY,
        order_id: payment.order_id,
        payment_id: null,
      };
      await tellReceipt(trx, student, receipt);
    }
    await insertStatusChange(trx, {
      student_id: student.id,
      student_email: student.email,
      from_status: from,
      to_status: to,
      changed_by: by.id,
      changed_by_email: by.email,
      reason: revert?.reason ?? null,
      reverts_id: revert?.id ?? null,
      payment_id: paymentId,
    });
    const updated = await findStudentById(trx, student.id);
    if (!updated) throw new Error('student vanished inside its own transaction');
    return { student: updated, certificateCode, receiptNumber };
  }

  return {
    /**
     * Sets student_status (1 paid, 2 completed, 0 unpaid) and records who did it and when. Marking an unpaid
     * student paid records a manual payment of the fee, unless a payment is already on record.
     */
    async setStatus(
      admin: StudentRow,
      id: number,
      status: StudentStatus,
      received?: { amountPaise: number; method: ManualPaymentMethod },
    ): Promise<StatusChangeOutcome> {
      const student = await studentOrFail(id);
      if (received && status !== STUDENT_STATUS.paid)
        throw new AppError('validation', 'Only a Paid mark records what was received.');
      // Read before the transaction: SQLite has one connection, which the transaction holds.
      const fee = await feePaise();
      return transact(db, (trx) => applyStatusChange(trx, { student, to: status, by: admin, feePaise: fee, received }));
    },

    /**
     * Undoes the student's latest change if it set Paid or Completed and is still in force: the student returns to
     * the status before it, and a new change records the undo with its reason. A Paid mark of a student who paid
     * online is not undone here (the money must be refunded at the gateway).
     */
    async revertLatest(admin: StudentRow, id: number, reason: string): Promise<StudentRow> {
      await studentOrFail(id);
      return transact(db, async (trx) => {
        const student = await findStudentById(trx, id);
        if (!student) throw new AppError('notFound', messages.noSuchStudent);
        const last = await latestStatusChange(trx, id);
        if (!last) throw new AppError('conflict', statusRevertMessages.nothingToUndo);
        if (last.reverts_id !== null) throw new AppError('conflict', statusRevertMessages.alreadyUndone);
        if (last.to_status !== STUDENT_STATUS.paid && last.to_status !== STUDENT_STATUS.completed)
          throw new AppError('conflict', statusRevertMessages.nothingToUndo);
        if (last.to_status !== student.student_status) throw new AppError('conflict', statusRevertMessages.notInForce);
        if (last.from_status === STUDENT_STATUS.unpaid && (await hasCapturedGatewayPayment(trx, id)))
          throw new AppError('conflict', statusRevertMessages.paidOnline);
        const undone = await applyStatusChange(trx, {
          student,
          to: STUDENT_STATUS[studentStatusName(last.from_status)],
          by: admin,
          feePaise: 0,
          revert: { id: last.id, reason, paymentId: last.payment_id },
        });
        return undone.student;
      });
    },

    /**
     * What to know before marking a student completed: their attendance (as the lists count it) and how many of
     * their batch's classes are still to start, with the batch's last class.
     */
    async completionCheck(id: number): Promise<CompletionCheck> {
      const student = await studentOrFail(id);
      const batch = student.student_batch;
      if (batch === null) return { batch, attended: 0, held: 0, classes_left: 0, last_class_at: null };
      const [{ counts }, classes] = await Promise.all([attendance([student]), listBatchTimes(db, batch)]);
      const now = clock().getTime();
      const starts = classes.map((c) => c.starts_at).sort();
      return {
        batch,
        ...(counts.get(student.id) ?? { attended: 0, held: 0 }),
        classes_left: starts.filter((at) => Date.parse(at) > now).length,
        last_class_at: starts.at(-1) ?? null,
      };
    },

    /** Removes the account, its sessions, links, programs and personal data; payments stay for the accounts. */
    async deleteStudent(id: number): Promise<void> {
      const student = await studentOrFail(id);
      await transact(db, async (trx) => {
        await deleteStudentRow(trx, id);
        await photoStore.remove(trx, student.image_path);
      });
    },

    /** The status changes of one student or of everyone, the teacher's and those payments made: newest first. */
    async statusChanges(studentId: number | undefined) {
      const rows = await listStatusChanges(db, studentId);
      return rows.map(({ changed_by, payment_id, ...row }) => ({
        ...row,
        by_payment: changed_by === null && payment_id !== null,
      }));
    },

    async setBatch(email: string, batch: number): Promise<StudentRow> {
      const student = await findStudentAccountByEmail(db, email);
      if (!student) throw new AppError('notFound', 'Please check email');
      return transact(db, async (trx) => {
        await ensureBatch(trx, batch);
        // Moved to another batch, the student joins it now: attendance counts its classes from then.
        const now = clock();
        const joined = student.student_batch === batch ? {} : { batch_joined_at: nowIso(now) };
        await updateStudent(trx, student.id, { student_batch: batch, ...joined }, now);
        const updated = await findStudentById(trx, student.id);
        if (!updated) throw new Error('student vanished inside its own transaction');
        return updated;
      });
    },
  };
}
