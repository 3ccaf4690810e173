import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = isPostgres ? 'serial' : 'integer';
  const timestampType = isPostgres ? 'timestamptz' : 'text';
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const id = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  // How a payment came to be believed: the checkout callback, a webhook, the reconciliation job, or the admin.
  await db.schema.alterTable('payments').addColumn('paid_via', 'text').execute();
  await db.schema.alterTable('payments').addColumn('paid_at', timestampType).execute();
  await db.schema.alterTable('payments').addColumn('failure_reason', 'text').execute();
  // The student's one unpaid order, so two Pay Now clicks (or two tabs) share an order and can't pay twice.
  // Cleared when the order is paid or replaced; a unique index on a nullable column allows many closed orders.
  await db.schema
    .alterTable('payments')
    .addColumn('open_for_student', 'integer', (col) => col.references('students.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('payments_open_student_idx').on('payments').column('open_for_student').unique().execute();
  // Reconciliation: when the job last asked Razorpay about this order, and how often it has.
  await db.schema.alterTable('payments').addColumn('checked_at', timestampType).execute();
  await db.schema
    .alterTable('payments')
    .addColumn('check_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('payments_unpaid_idx').on('payments').columns(['status', 'created_at']).execute();

  // Webhook deliveries already applied, by Razorpay's x-razorpay-event-id: a repeated delivery changes nothing.
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', idType, id)
    .addColumn('event_id', 'text', (col) => col.notNull().unique())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('received_at', timestampType, (col) => col.notNull().defaultTo(now))
    .execute();

  // The built-in test gateway's own ledger (used only without Razorpay keys): the payments made on its checkout,
  // which it reports to reconciliation the way Razorpay's GET /v1/orders/{id}/payments does.
  await db.schema
    .createTable('test_gateway_payments')
    .addColumn('id', idType, id)
    .addColumn('payment_id', 'text', (col) => col.notNull().unique())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('captured', 'failed')`))
    .addColumn('error_description', 'text')
    .addColumn('created_at', timestampType, (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('test_gateway_payments_order_idx')
    .on('test_gateway_payments')
    .column('order_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_gateway_payments').execute();
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropIndex('payments_unpaid_idx').execute();
  await db.schema.dropIndex('payments_open_student_idx').execute();
  for (const column of ['check_count', 'checked_at', 'open_for_student', 'failure_reason', 'paid_at', 'paid_via']) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
}
