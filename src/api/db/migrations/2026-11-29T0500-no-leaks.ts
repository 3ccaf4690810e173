import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** A program's tests may fail a run that passes but leaves memory it allocated unfreed (the teacher's choice). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('programs')
    .addColumn('no_leaks', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('programs').dropColumn('no_leaks').execute();
}
