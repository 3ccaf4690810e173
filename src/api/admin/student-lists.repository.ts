import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { StudentListKind, StudentSortColumn } from '../../contracts/admin.js';
import { STUDENT_STATUS } from '../../contracts/course.js';
import type { DialectName } from '../db/database.js';
import { toStudentRow } from '../db/flags.js';
import type { Database, StudentRow, StudentTable } from '../db/schema.js';
import { VersionedCache } from '../common/versioned-cache.js';

export interface ListQuery {
  q?: string;
  sort: StudentSortColumn;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/**
 * What the admin's search looks in; PostgreSQL keeps it lowercased as `students.search_text` (migration
 * 2026-11-23T0100).
 */
const HAYSTACK = sql`coalesce(students.first_name, '') || ' ' || coalesce(students.last_name, '') || ' ' || students.email || ' ' || coalesce(students.city, '') || ' ' || coalesce(students.mobile, '') || ' ' || students.uniq_id`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** old = completed the course, new = not completed yet, regd and all = every registered student. */
function kindCondition(kind: StudentListKind): RawBuilder<boolean> {
  const student = sql<boolean>`students.role = ${'student'}`;
  if (kind === 'old') return sql`${student} and students.student_status = ${STUDENT_STATUS.completed}`;
  if (kind === 'new') return sql`${student} and students.student_status < ${STUDENT_STATUS.completed}`;
  return student;
}

/**
 * The rows a list shows, as a FROM … WHERE fragment, and the column that orders them by id.
 * SQLite, terms of three characters or more: the trigram full-text index (students_search) finds the rows and hands
 * them over in id order, so a page of a common term reads a page, not every match; shorter terms LIKE the searchable
 * columns joined together (SQLite's LIKE ignores ASCII case). PostgreSQL: LIKE on the stored, lowercased
 * `search_text`, which its trigram index answers; lower() folds the term as it folded the text.
 */
function source(
  dialect: DialectName,
  kind: StudentListKind,
  q: string | undefined,
): { from: RawBuilder<unknown>; id: RawBuilder<unknown> } {
  const term = q?.trim();
  if (term && dialect === 'sqlite' && [...term].length >= 3) {
    const phrase = `"${term.replaceAll('"', '""')}"`;
    return {
      from: sql`students_search join students on students.id = students_search.rowid where students_search match ${phrase} and ${kindCondition(kind)}`,
      id: sql`students_search.rowid`,
    };
  }
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    const matches =
      dialect === 'postgres'
        ? sql`students.search_text like lower(${pattern}) escape '\\'`
        : sql`${HAYSTACK} like ${pattern} escape '\\'`;
    return { from: sql`students where ${kindCondition(kind)} and ${matches}`, id: sql`students.id` };
  }
  return { from: sql`students where ${kindCondition(kind)}`, id: sql`students.id` };
}

function orderBy(id: RawBuilder<unknown>, sort: StudentSortColumn, order: 'asc' | 'desc'): RawBuilder<unknown> {
  const direction = sql.raw(order);
  return sort === 'id' ? sql`${id} ${direction}` : sql`${sql.ref(`students.${sort}`)} ${direction}, ${id} ${direction}`;
}

/** One page of an admin list: its students, searched, filtered and sorted, paged in the database. */
export function studentListQuery(dialect: DialectName, kind: StudentListKind, query: ListQuery) {
  const { from, id } = source(dialect, kind, query.q);
  return sql<
    Selectable<StudentTable>
  >`select students.* from ${from} order by ${orderBy(id, query.sort, query.order)} limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`;
}

/**
 * One filtered, searched and sorted query for every admin list; paging happens in the database. A list's total is
 * counted once per change to the students (the count of a common term at 100,000 students reads every match).
 */
export class StudentListsRepository {
  private readonly totals: VersionedCache<number>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {
    this.totals = new VersionedCache(db, 'students');
  }

  async page(kind: StudentListKind, query: ListQuery): Promise<{ rows: StudentRow[]; total: number }> {
    const { from } = source(this.dialect, kind, query.q);
    const [rows, total] = await Promise.all([
      studentListQuery(this.dialect, kind, query).execute(this.db),
      this.totals.get(`${kind}\n${query.q?.trim() ?? ''}`, async () => {
        const counted = await sql<{ total: number | string }>`select count(*) as total from ${from}`.execute(this.db);
        return Number(counted.rows[0]?.total ?? 0);
      }),
    ]);
    return { rows: rows.rows.map(toStudentRow), total: total.value };
  }

  /** Every matching row, for the CSV download. */
  async all(kind: StudentListKind, query: Pick<ListQuery, 'q' | 'sort' | 'order'>): Promise<StudentRow[]> {
    const { from, id } = source(this.dialect, kind, query.q);
    return (
      await sql<
        Selectable<StudentTable>
      >`select students.* from ${from} order by ${orderBy(id, query.sort, query.order)}`.execute(this.db)
    ).rows.map(toStudentRow);
  }
}
