import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = isPostgres ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  const timestampType = isPostgres ? 'timestamptz' : 'text';
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const createdAt = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(now);

  await db.schema
    .createTable('students')
    .addColumn('id', idType, id)
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) =>
      col
        .notNull()
        .defaultTo('student')
        .check(sql`role in ('student', 'admin')`),
    )
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('mobile', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('study', 'text')
    .addColumn('institution', 'text')
    .addColumn('work', 'text')
    .addColumn('office', 'text')
    .addColumn('activated', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('student_status', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`student_status in (0, 1, 2)`),
    )
    .addColumn('student_batch', 'integer')
    .addColumn('uniq_id', 'text', (col) => col.notNull().unique())
    .addColumn('image_path', 'text')
    .addColumn('feedback', 'text')
    .addColumn('created_at', timestampType, createdAt)
    .addColumn('updated_at', timestampType, createdAt)
    .execute();
  await db.schema
    .createIndex('students_status_batch_idx')
    .on('students')
    .columns(['student_status', 'student_batch'])
    .execute();
  await db.schema.createIndex('students_batch_idx').on('students').column('student_batch').execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', idType, id)
    .addColumn('student_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', timestampType, createdAt)
    .addColumn('expires_at', timestampType, (col) => col.notNull())
    .addColumn('last_used_at', timestampType, createdAt)
    .execute();
  await db.schema.createIndex('auth_sessions_student_idx').on('auth_sessions').column('student_id').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', idType, id)
    .addColumn('student_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('verify_email', 'reset_password')`))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', timestampType, (col) => col.notNull())
    .addColumn('used_at', timestampType)
    .addColumn('created_at', timestampType, createdAt)
    .execute();
  await db.schema.createIndex('email_tokens_student_idx').on('email_tokens').column('student_id').execute();

  await db.schema
    .createTable('batches')
    .addColumn('id', idType, id)
    .addColumn('batch_number', 'integer', (col) => col.notNull().unique())
    .addColumn('start_date', 'text')
    .addColumn('meeting_link', 'text')
    .addColumn('created_at', timestampType, createdAt)
    .execute();

  await db.schema
    .createTable('course_sessions')
    .addColumn('id', idType, id)
    .addColumn('session_number', 'integer', (col) => col.notNull().unique())
    .addColumn('session_date', 'text', (col) => col.notNull())
    .addColumn('topics', 'text', (col) => col.notNull())
    .addColumn('lesson_video', 'text')
    .addColumn('created_at', timestampType, createdAt)
    .execute();

  await db.schema
    .createTable('programs')
    .addColumn('id', idType, id)
    .addColumn('program_number', 'integer', (col) => col.notNull().unique())
    .addColumn('task', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType, createdAt)
    .execute();

  await db.schema
    .createTable('student_programs')
    .addColumn('id', idType, id)
    .addColumn('student_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('program_number', 'integer', (col) => col.notNull())
    .addColumn('task', 'text', (col) => col.notNull())
    .addColumn('solution', 'text')
    .addColumn('submitted_at', timestampType)
    .addColumn('created_at', timestampType, createdAt)
    .addUniqueConstraint('student_programs_student_program_unique', ['student_id', 'program_number'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', idType, id)
    .addColumn('student_id', 'integer', (col) => col.references('students.id').onDelete('set null'))
    .addColumn('student_email', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text', (col) => col.notNull().unique())
    .addColumn('payment_id', 'text', (col) => col.unique())
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('created')
        .check(sql`status in ('created', 'captured', 'failed')`),
    )
    .addColumn('created_at', timestampType, createdAt)
    .addColumn('updated_at', timestampType, createdAt)
    .execute();
  await db.schema.createIndex('payments_student_idx').on('payments').column('student_id').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', idType, id)
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestampType, createdAt)
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestampType, createdAt)
    .addColumn('sent_at', timestampType)
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('quiz_questions')
    .addColumn('id', idType, id)
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('options', 'text', (col) => col.notNull())
    .addColumn('answer_index', 'integer', (col) => col.notNull().check(sql`answer_index between 0 and 3`))
    .addColumn('created_at', timestampType, createdAt)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'quiz_questions',
    'outbox',
    'payments',
    'student_programs',
    'programs',
    'course_sessions',
    'batches',
    'email_tokens',
    'auth_sessions',
    'students',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
