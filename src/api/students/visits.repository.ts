import type { Db } from '../db/schema.js';

/** Looks at the home less than this long after the last one belong to the same visit. */
export const VISIT_GAP_MS = 30 * 60_000;

/**
 * Records that a person opened their home (or the teacher the overview) at `now`, and answers when their previous
 * visit ended: what happened after it is "since your last visit". Null on a first visit. Reloading the page within
 * a visit keeps the same answer, so the new items don't vanish on a refresh.
 */
export async function recordVisit(db: Db, studentId: number, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('student_visits')
    .select(['seen_at', 'previous_visit_at'])
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  const nowIso = now.toISOString();
  if (!row?.seen_at) {
    await db
      .insertInto('student_visits')
      .values({ student_id: studentId, seen_at: nowIso, previous_visit_at: null })
      .onConflict((oc) => oc.column('student_id').doUpdateSet({ seen_at: nowIso }))
      .execute();
    return null;
  }
  const seenAt = new Date(row.seen_at);
  const newVisit = now.getTime() - seenAt.getTime() > VISIT_GAP_MS;
  const previous = newVisit
    ? seenAt.toISOString()
    : row.previous_visit_at && new Date(row.previous_visit_at).toISOString();
  await db
    .updateTable('student_visits')
    .set({ seen_at: nowIso, previous_visit_at: previous })
    .where('student_id', '=', studentId)
    .execute();
  return previous;
}

/**
 * Records that a person used the site at `at` as their session ends (logout, a password reset): open sessions
 * keep their own last use, and this keeps it when they are gone.
 */
export async function recordActivity(db: Db, studentId: number, at: string): Promise<void> {
  await db
    .insertInto('student_visits')
    .values({ student_id: studentId, seen_at: null, previous_visit_at: null, active_at: at })
    .onConflict((oc) => oc.column('student_id').doUpdateSet({ active_at: at }))
    .execute();
}
