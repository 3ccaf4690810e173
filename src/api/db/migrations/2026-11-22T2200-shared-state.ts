import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen once landed: later changes go in a new migration.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestampType = isPostgres ? 'timestamptz' : 'text';

  // Rate-limit and attempt counters every process of the site shares.
  await db.schema
    .createTable('counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', timestampType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('counters_reset_idx').on('counters').column('reset_at').execute();

  // Uploaded files (profile photos) in the database, so every process serves them.
  await db.schema
    .createTable('stored_files')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('content', isPostgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('created_at', timestampType, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_files').execute();
  await db.schema.dropTable('counters').execute();
}
