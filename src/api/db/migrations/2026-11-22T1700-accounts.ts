import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Emails are compared case-insensitively; mail still goes to the address as the student typed it.
  await sql`create unique index students_email_lower_unique on students (lower(email))`.execute(db);
  // Without SMTP_URL a message is printed to the log once and stays pending in the outbox.
  await db.schema
    .alterTable('outbox')
    .addColumn('logged_at', isPostgres ? 'timestamptz' : 'text')
    .execute();
  await db.schema
    .createIndex('email_tokens_purpose_idx')
    .on('email_tokens')
    .columns(['student_id', 'purpose'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_tokens_purpose_idx').execute();
  await db.schema.alterTable('outbox').dropColumn('logged_at').execute();
  await db.schema.dropIndex('students_email_lower_unique').execute();
}
