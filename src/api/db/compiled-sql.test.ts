import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { studentListQuery } from '../admin/student-lists.repository.js';
import { sessionLookupQuery } from '../auth/sessions.repository.js';
import { answeredPageQuery, waitingPageQuery } from '../doubts/doubts.repository.js';
import { bestQuizzesQuery, listAttendedQuery, programCellsQuery } from '../gradebook/gradebook.repository.js';
import { dueMailQuery } from '../mail/outbox.repository.js';
import { noticesPageQuery, unreadStateQuery } from '../notifications/notifications.repository.js';
import {
  attendanceCountsQuery,
  paidNotSeenQuery,
  studentCountsQuery,
  submissionsSinceQuery,
} from '../overview/overview.repository.js';
import { reminderRecipientsQuery } from '../reminders/reminders.repository.js';
import type { DialectName } from './database.js';
import type { Database } from './schema.js';

/**
 * The SQL of the queries whose plans matter (list pages, the overview's and the gradebook's aggregates, the pickers of
 * mail, reminders and sessions), as each database gets it, checked in under compiled-sql/: a change to one shows in a
 * review as a diff of SQL, to run EXPLAIN on. Built by the repositories' own functions and compiled with each
 * dialect's compiler; no database is needed. After an intended change, `npx vitest run --project unit -u` rewrites
 * the files.
 */
const databases: Record<DialectName, Kysely<Database>> = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

const NOW = '2026-11-26T10:00:00.000Z';

const queries: Record<string, (db: Kysely<Database>, dialect: DialectName) => CompiledQuery> = {
  'student-list-page': (db, dialect) =>
    studentListQuery(dialect, 'new', { sort: 'last_name', order: 'desc', page: 3, perPage: 50 }).compile(db),
  'student-list-search': (db, dialect) =>
    studentListQuery(dialect, 'all', { q: 'ritchie', sort: 'id', order: 'asc', page: 1, perPage: 50 }).compile(db),
  'student-list-short-search': (db, dialect) =>
    studentListQuery(dialect, 'old', { q: 'ri', sort: 'created_at', order: 'asc', page: 1, perPage: 50 }).compile(db),
  'session-lookup': (db, dialect) => sessionLookupQuery(db, dialect),
  'overview-student-counts': (db) => studentCountsQuery(db).compile(),
  'overview-submissions-since': (db) => submissionsSinceQuery(db, NOW, 10).compile(),
  'overview-paid-not-seen': (db) => paidNotSeenQuery(db, NOW, 10).compile(),
  'overview-attendance-counts': (db) =>
    attendanceCountsQuery(db, 7, [
      { id: 1, lateFrom: NOW },
      { id: 2, lateFrom: NOW },
    ]).compile(),
  'gradebook-program-cells': (db) => programCellsQuery(db, 7).compile(),
  'gradebook-best-quizzes': (db) => bestQuizzesQuery(db, 7).compile(),
  'gradebook-attended': (db) => listAttendedQuery(db, [1, 2, 3]).compile(),
  // The teacher's doubts, a page of each group: the columns show the run itself (`trace`) is not read.
  'doubts-waiting-page': (db) => waitingPageQuery(db, 1000, 51).compile(),
  'doubts-answered-page': (db) => answeredPageQuery(db, 1000, 51).compile(),
  'notifications-page': (db) => noticesPageQuery(db, 42, 1000, 20).compile(),
  'notifications-unread-state': (db) => unreadStateQuery(db, [1, 2, 3]).compile(),
  'reminder-recipients': (db) =>
    reminderRecipientsQuery(db, { id: 5, batch_number: 7, starts_at: NOW }, 'hour').compile(),
  'outbox-due-mail': (db) => dueMailQuery(db, 20, NOW, NOW),
};

/**
 * One clause a line, so a diff points at the clause that changed: whitespace runs become one space (none of these
 * queries has a literal with more), then a line break goes before each clause's keyword.
 */
function readable(query: string): string {
  const clause =
    / (?=(?:select|from|inner join|left join|cross join lateral|where|group by|order by|limit|offset|union|returning|for update)\b)/g;
  return `${query.replace(/\s+/g, ' ').trim().replace(clause, '\n')}\n`;
}

describe.each(Object.keys(databases) as DialectName[])('compiled SQL on %s', (dialect) => {
  it.each(Object.keys(queries))('%s', async (name) => {
    const compiled = queries[name]!(databases[dialect], dialect);
    await expect(readable(compiled.sql)).toMatchFileSnapshot(`./compiled-sql/${name}.${dialect}.sql`);
  });
});
