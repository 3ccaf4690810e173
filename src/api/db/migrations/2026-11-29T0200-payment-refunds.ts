import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * Money in that must go back, and the links the undo of a Paid mark relies on.
 * - payments.retired_at: an order replaced by one at a new fee (or closed because the student paid otherwise). It is
 *   never captured: a payment that arrives for it anyway is a refund due. Backfilled for orders retired before.
 * - refunds_due: a payment received that the site did not credit (a retired order's, a second one for an order or a
 *   student already paid), kept with its reason until the teacher marks it refunded at the gateway.
 * - status_changes.payment_id for Paid marks made before that column existed: the manual payment the mark recorded
 *   (the same student's, the nearest in time, not linked to another mark), so undoing the mark voids it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const instant = isPostgres ? 'timestamptz' : 'text';
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema.alterTable('payments').addColumn('retired_at', instant).execute();
  // Closed and unpaid, and neither a manual record nor an order still being made: retired when it was last touched.
  await db
    .updateTable('payments')
    .set({ retired_at: sql.ref('updated_at') })
    .where('status', 'in', ['created', 'failed'])
    .where('open_for_student', 'is', null)
    .where('order_id', 'not like', 'manual_%')
    .where('order_id', 'not like', 'pending_%')
    .execute();

  await db.schema
    .createTable('refunds_due')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('payment_row_id', 'integer', (col) => col.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (col) => col.references('students.id').onDelete('set null'))
    .addColumn('student_email', 'text', (col) => col.notNull())
    .addColumn('payment_id', 'text', (col) => col.notNull().unique())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('received_via', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull().defaultTo(now))
    .addColumn('refunded_at', instant)
    .execute();

  const marks = await db
    .selectFrom('status_changes')
    .select(['id', 'student_id', 'created_at'])
    .where('from_status', '=', 0)
    .where('to_status', '=', 1)
    .where('reverts_id', 'is', null)
    .where('payment_id', 'is', null)
    .where('changed_by', 'is not', null)
    .where('student_id', 'is not', null)
    .orderBy('id')
    .execute();
  const taken = new Set(
    (await db.selectFrom('status_changes').select('payment_id').where('payment_id', 'is not', null).execute()).map(
      (row: { payment_id: number }) => row.payment_id,
    ),
  );
  const time = (value: unknown) => new Date(value as string | Date).getTime();
  for (const mark of marks) {
    const manual = await db
      .selectFrom('payments')
      .select(['id', 'paid_at', 'created_at'])
      .where('student_id', '=', mark.student_id)
      .where('paid_via', '=', 'manual')
      .execute();
    const nearest = manual
      .filter((payment: { id: number }) => !taken.has(payment.id))
      .map((payment: { id: number; paid_at: unknown; created_at: unknown }) => ({
        id: payment.id,
        gap: Math.abs(time(payment.paid_at ?? payment.created_at) - time(mark.created_at)),
      }))
      // Recorded in the same transaction as the mark: a minute apart at most.
      .filter((payment: { gap: number }) => payment.gap <= 60_000)
      .sort((a: { gap: number }, b: { gap: number }) => a.gap - b.gap)[0];
    if (!nearest) continue;
    taken.add(nearest.id);
    await db.updateTable('status_changes').set({ payment_id: nearest.id }).where('id', '=', mark.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refunds_due').execute();
  await db.schema.alterTable('payments').dropColumn('retired_at').execute();
}
