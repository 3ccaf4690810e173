import { type Kysely, sql } from 'kysely';
import { STUDENT_STATUS } from '../../contracts/course.js';
import type { DialectName } from '../db/database.js';
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
function baseQuery(db: Kysely<Database>, dialect: DialectName, kind: StudentListKind, q: string | undefined) {
  let query = db.selectFrom('students').where('role', '=', 'student');
  if (kind === 'old') query = query.where('student_status', '=', STUDENT_STATUS.completed);
  if (kind === 'new') query = query.where('student_status', '<', STUDENT_STATUS.completed);
  const term = q?.trim();
  // SQLite: the trigram index answers LIKE '%term%' for terms of three characters or more without wildcards.
  if (term && dialect === 'sqlite' && [...term].length >= 3 && !/[\\%_]/.test(term)) {
    return query.where(sql<boolean>`id in (select rowid from students_search where haystack like ${`%${term}%`})`);
  }
  if (term) {
    // One case-insensitive match over the searchable columns joined together (SQLite's LIKE ignores
    // ASCII case; PostgreSQL's ILIKE), so each row is tested once instead of once per column.
    const pattern = `%${escapeLike(term)}%`;
    const haystack = sql`coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || coalesce(city, '') || ' ' || coalesce(mobile, '') || ' ' || uniq_id`;
    query = query.where(sql<boolean>`${haystack} ${sql.raw(dialect === 'postgres' ? 'ilike' : 'like')} ${pattern} escape '\\'`);
  }
  return query;
}

export async function listStudents(db: Kysely<Database>, dialect: DialectName, kind: StudentListKind, query: ListQuery) {
  const base = baseQuery(db, dialect, kind, query.q);
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
export function allStudents(db: Kysely<Database>, dialect: DialectName, kind: StudentListKind, query: Pick<ListQuery, 'q' | 'sort' | 'order'>) {
  return baseQuery(db, dialect, kind, query.q).selectAll().orderBy(query.sort, query.order).orderBy('id', query.order).execute();
}
