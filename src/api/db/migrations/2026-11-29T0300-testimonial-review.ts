import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** What the landing page shows of a testimonial: a change to any of them is a change the teacher has not read. */
const SHOWN = ['first_name', 'last_name', 'study', 'institution', 'feedback', 'image_path'];

/**
 * A testimonial is approved as the teacher read it. `feedback_revision` counts changes to what the landing page shows
 * of a student (name, study, institution, photo, feedback); an approval names the revision it read and is refused
 * if it has moved on. A change to any of them sends an approved testimonial back to review ('pending'). Triggers do
 * both, so every writer (a profile save, a photo, a script, a restore) is held to it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('students')
    .addColumn('feedback_revision', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  if (isPostgres) {
    const changed = sql.raw(
      `(${SHOWN.map((c) => `new.${c}`).join(', ')}) is distinct from (${SHOWN.map((c) => `old.${c}`).join(', ')})`,
    );
    await sql`create function students_testimonial_review() returns trigger language plpgsql as $$
      begin
        if ${changed} then
          new.feedback_revision := old.feedback_revision + 1;
          if old.feedback_state = 'approved' and new.feedback_state = 'approved' then
            new.feedback_state := 'pending';
            new.feedback_state_at := now();
          end if;
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger students_testimonial_review before update on students for each row execute function students_testimonial_review()`.execute(
      db,
    );
    return;
  }
  const changed = sql.raw(SHOWN.map((c) => `new.${c} is not old.${c}`).join(' or '));
  await sql`create trigger students_testimonial_review after update of ${sql.raw(SHOWN.join(', '))} on students
    when ${changed}
    begin
      update students set
        feedback_revision = feedback_revision + 1,
        feedback_state_at = case when feedback_state = 'approved' then strftime('%Y-%m-%dT%H:%M:%fZ', 'now') else feedback_state_at end,
        feedback_state = case when feedback_state = 'approved' then 'pending' else feedback_state end
      where id = new.id;
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger if exists students_testimonial_review on students`.execute(db);
    await sql`drop function if exists students_testimonial_review()`.execute(db);
  } else await sql`drop trigger if exists students_testimonial_review`.execute(db);
  await db.schema.alterTable('students').dropColumn('feedback_revision').execute();
}
