import { type Kysely, sql } from 'kysely';
import { STUDENT_STATUS } from '../../contracts/course.js';
import type { Database } from '../db/schema.js';

export type StudentListKind = 'old' | 'new' | 'regd' | 'all';

export const sortableColumns = ['id', 'first_name', 'last_name', 'email', 'city', 'country', 'student_status', 'student_batch', 'created_at'] as const;
export type SortColumn = (typeof sortableColumns)[number];

export interface ListQuery {
  q?: string;
  sort: SortColumn;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * One filtered, searched and sorted query for every admin list; paging happens in the database.
 * old = completed the course, new = not completed yet, regd and all = every registered student.
 */
function baseQuery(db: Kysely<Database>, kind: StudentListKind, q: string | undefined) {
  let query = db.selectFrom('students').where('role', '=', 'student');
  if (kind === 'old') query = query.where('student_status', '=', STUDENT_STATUS.completed);
  if (kind === 'new') query = query.where('student_status', '<', STUDENT_STATUS.completed);
  const term = q?.trim().toLowerCase();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    query = query.where((eb) =>
      eb.or(
        ['first_name', 'last_name', 'email', 'city', 'mobile', 'uniq_id'].map((column) =>
          eb(sql`lower(${sql.ref(column)})`, 'like', sql<string>`${pattern} escape '\\'`),
        ),
      ),
    );
  }
  return query;
}

export async function listStudents(db: Kysely<Database>, kind: StudentListKind, query: ListQuery) {
  const base = baseQuery(db, kind, query.q);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(query.sort, query.order)
      .orderBy('id', query.order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every matching row, for the CSV download. */
export function allStudents(db: Kysely<Database>, kind: StudentListKind, query: Pick<ListQuery, 'q' | 'sort' | 'order'>) {
  return baseQuery(db, kind, query.q).selectAll().orderBy(query.sort, query.order).orderBy('id', query.order).execute();
}
