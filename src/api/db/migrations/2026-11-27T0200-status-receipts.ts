import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * Issue 20: undo of the teacher's status changes, moderated testimonials, PDF receipts.
 * - status_changes.reason: why the teacher undid a change (null for an ordinary change); reverts_id: the change a
 *   revert undid; payment_id: the manual payment a Paid mark recorded, voided when that mark is undone (the payments
 *   table's check allows no new state: it becomes failed, with the reason).
 * - students.feedback_state ('pending' | 'approved' | 'hidden', null without feedback) and feedback_state_at: only
 *   approved feedback is a testimonial on the landing page.
 * - payments.receipt_number: 'RCPT-000001' …, given once when the payment is captured, from the gapless sequence
 *   kept in counters under RECEIPT_COUNTER.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const instant = isPostgres ? 'timestamptz' : 'text';

  await db.schema.alterTable('status_changes').addColumn('reason', 'text').execute();
  await db.schema.alterTable('status_changes').addColumn('reverts_id', 'integer').execute();
  await db.schema.alterTable('status_changes').addColumn('payment_id', 'integer').execute();

  await db.schema.alterTable('students').addColumn('feedback_state', 'text').execute();
  await db.schema.alterTable('students').addColumn('feedback_state_at', instant).execute();
  // Feedback that was on the landing page before moderation existed (a completed student's) was public already:
  // it stays approved. Any other feedback waits for the teacher like new feedback does.
  await db
    .updateTable('students')
    .set({ feedback_state: sql`case when student_status = 2 then 'approved' else 'pending' end` })
    .where('feedback', 'is not', null)
    .execute();
  await db.schema
    .createIndex('students_feedback_state_idx')
    .on('students')
    .columns(['feedback_state', 'updated_at'])
    .execute();

  await db.schema.alterTable('payments').addColumn('receipt_number', 'text').execute();
  await db.schema.createIndex('payments_receipt_number_idx').on('payments').column('receipt_number').unique().execute();
  // Receipts for the payments captured so far, in the order they were paid.
  const captured = await db
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'captured')
    .orderBy('paid_at')
    .orderBy('id')
    .execute();
  let n = 0;
  for (const row of captured) {
    n += 1;
    await db
      .updateTable('payments')
      .set({ receipt_number: `RCPT-${String(n).padStart(6, '0')}` })
      .where('id', '=', row.id)
      .execute();
  }
  await db
    .insertInto('counters')
    .values({ key: 'receipt_number', count: n, reset_at: '9999-12-31T23:59:59.999Z' })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('counters').where('key', '=', 'receipt_number').execute();
  await db.schema.dropIndex('payments_receipt_number_idx').execute();
  await db.schema.alterTable('payments').dropColumn('receipt_number').execute();
  await db.schema.dropIndex('students_feedback_state_idx').execute();
  await db.schema.alterTable('students').dropColumn('feedback_state_at').execute();
  await db.schema.alterTable('students').dropColumn('feedback_state').execute();
  for (const column of ['payment_id', 'reverts_id', 'reason']) {
    await db.schema.alterTable('status_changes').dropColumn(column).execute();
  }
}
