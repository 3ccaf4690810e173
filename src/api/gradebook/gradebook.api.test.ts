import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { addBatchSession, putBatch } from '../../../test/schedule-rows.js';
import type { TestContext } from '../../../test/test-app.js';
import { gradebookMessages, type Gradebook, type StudentWork } from '../../contracts/gradebook.js';
import { messages } from '../../contracts/messages.js';

let ctx: TestContext;
let adminToken: string;
/** Classes that ended before this instant are held. */
const clock = new Date('2026-12-10T00:00:00.000Z');

const BATCH = 31;
const EMPTY_BATCH = 33;
const students: Record<'a' | 'b' | 'c' | 'other', { id: number; token: string; email: string }> = {} as never;
let programFiveOfA = 0;

const asAdmin = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(adminToken) });

async function insertStudent(batch: number, first: string, last: string, status: number) {
  const db = ctx.database.db;
  const s = await verifiedStudent(ctx);
  await db
    .updateTable('students')
    .set({ first_name: first, last_name: last, student_batch: batch, student_status: status })
    .where('id', '=', s.id)
    .execute();
  return s;
}

async function studentProgram(row: {
  student: number;
  program: number;
  best?: [number, number];
  late?: boolean;
  solution?: string;
  draft?: string;
  dueAt?: string;
}): Promise<number> {
  const inserted = await ctx.database.db
    .insertInto('student_programs')
    .values({
      student_id: row.student,
      program_number: row.program,
      task: `Task of program ${row.program}`,
      best_score: row.best?.[0] ?? null,
      best_total: row.best?.[1] ?? null,
      best_late: row.late ? 1 : 0,
      solution: row.solution ?? null,
      submitted_at: row.solution ? '2026-12-02T10:00:00.000Z' : null,
      draft_code: row.draft ?? null,
      due_at: row.dueAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

async function submission(studentProgramId: number, score: number, total: number, late: boolean, at: string) {
  await ctx.database.db
    .insertInto('submissions')
    .values({
      student_program_id: studentProgramId,
      code: 'int main(void){return 0;}',
      status: 'graded',
      score,
      total,
      result: '{}',
      late: late ? 1 : 0,
      created_at: at,
    })
    .execute();
}

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp({}, { clock: () => clock }));
  const db = ctx.database.db;
  await putBatch(db, BATCH, null);
  await putBatch(db, 32, null);
  await putBatch(db, EMPTY_BATCH, null);
  // A's first name would run as a formula in a spreadsheet; the last name holds a comma and a quote.
  students.a = await insertStudent(BATCH, '=HYPERLINK("http://x")', 'Smith, "Jr"', 1);
  students.b = await insertStudent(BATCH, 'Brian', 'Kernighan', 1);
  students.c = await insertStudent(BATCH, 'Ken', 'Thompson', 2);
  students.other = await insertStudent(32, 'Other', 'Batch', 1);

  // Three classes held, one still on at the clock's time, one to come.
  const held1 = await addBatchSession(db, { batch: BATCH, session: 1, startsAt: '2026-12-01T13:30:00Z' });
  const held2 = await addBatchSession(db, { batch: BATCH, session: 2, startsAt: '2026-12-03T13:30:00Z' });
  const held3 = await addBatchSession(db, { batch: BATCH, session: 3, startsAt: '2026-12-05T13:30:00Z' });
  const onNow = await addBatchSession(db, { batch: BATCH, session: 4, startsAt: '2026-12-09T23:30:00Z' });
  const future = await addBatchSession(db, { batch: BATCH, session: 5, startsAt: '2026-12-20T13:30:00Z' });
  await db
    .insertInto('attendance')
    .values([
      // A: joined on time (present), joined 20 minutes in (late, still attended), missed the third.
      { batch_session_id: held1, student_id: students.a.id, joined_at: '2026-12-01T13:35:00.000Z', mark: null },
      { batch_session_id: held2, student_id: students.a.id, joined_at: '2026-12-03T13:50:00.000Z', mark: null },
      // A's join to the class still on does not count yet.
      { batch_session_id: onNow, student_id: students.a.id, joined_at: '2026-12-09T23:31:00.000Z', mark: null },
      // B: the teacher's marks win over the Join click (absent) and stand without one (present).
      { batch_session_id: held1, student_id: students.b.id, joined_at: '2026-12-01T13:31:00.000Z', mark: 'absent' },
      { batch_session_id: held2, student_id: students.b.id, joined_at: null, mark: 'present' },
      { batch_session_id: held3, student_id: students.b.id, joined_at: null, mark: 'late' },
      // A mark on a class not yet held is not counted.
      { batch_session_id: future, student_id: students.b.id, joined_at: null, mark: 'present' },
      // A student since moved to another batch is not in this one's rows.
      { batch_session_id: held1, student_id: students.other.id, joined_at: '2026-12-01T13:31:00.000Z', mark: null },
    ])
    .execute();

  // Programs 2 and 5 sent to the batch (and 9 only to the other batch's student).
  programFiveOfA = await studentProgram({
    student: students.a.id,
    program: 5,
    best: [8, 10],
    late: true,
    draft: 'int main(void) {\n  return 8;\n}\n',
    dueAt: '2026-12-04T18:30:00.000Z',
  });
  await submission(programFiveOfA, 5, 10, false, '2026-12-03T10:00:00.000Z');
  await submission(programFiveOfA, 8, 10, true, '2026-12-05T10:00:00.000Z');
  await db
    .insertInto('code_comments')
    .values({
      student_program_id: programFiveOfA,
      line: 2,
      body: 'Return 0 from main.',
      author_id: null,
      author_name: 'Course Admin',
    })
    .execute();
  const programTwoOfA = await studentProgram({ student: students.a.id, program: 2, best: [10, 10] });
  await submission(programTwoOfA, 10, 10, false, '2026-12-02T10:00:00.000Z');
  await studentProgram({ student: students.b.id, program: 5 });
  await studentProgram({ student: students.c.id, program: 2, solution: 'int main(void){}' });
  await studentProgram({ student: students.other.id, program: 9, best: [1, 1] });

  await db
    .insertInto('quiz_attempts')
    .values([
      { student_id: students.a.id, score: 3, total: 5, review: '[]' },
      { student_id: students.a.id, score: 5, total: 5, review: '[]' },
      { student_id: students.a.id, score: 4, total: 5, review: '[]' },
      { student_id: students.c.id, score: 2, total: 5, review: '[]' },
      { student_id: students.other.id, score: 5, total: 5, review: '[]' },
    ])
    .execute();
}, 60_000);
afterAll(() => ctx.close());

describe('the gradebook of a batch', () => {
  it('gives each student attendance, each program’s best score (late marked), the best quiz and the status', async () => {
    const response = await asAdmin(`/api/v1/admin/batches/${BATCH}/gradebook`);
    expect(response.statusCode).toBe(200);
    const book = response.json<Gradebook>();
    expect(book.batch).toBe(BATCH);
    expect(book.programs).toEqual([2, 5]);
    expect(book.sessions_held).toBe(3);
    // Ordered by last name: Kernighan, Smith, Thompson; the other batch's student is not here.
    expect(book.rows.map((r) => r.student_id)).toEqual([students.b.id, students.a.id, students.c.id]);
    const [b, a, c] = book.rows;
    expect(a).toEqual({
      student_id: students.a.id,
      first_name: '=HYPERLINK("http://x")',
      last_name: 'Smith, "Jr"',
      email: students.a.email,
      status: 'paid',
      attendance: { attended: 2, held: 3, percent: 67 },
      programs: {
        '2': { best_score: 10, best_total: 10, late: false, submitted: true, manual: null },
        '5': { best_score: 8, best_total: 10, late: true, submitted: true, manual: null },
      },
      quiz: { best: 5, total: 5 },
    });
    expect(b).toMatchObject({
      status: 'paid',
      attendance: { attended: 2, held: 3, percent: 67 },
      programs: { '2': null, '5': { best_score: null, best_total: null, late: false, submitted: false } },
      quiz: null,
    });
    expect(c).toMatchObject({
      status: 'completed',
      attendance: { attended: 0, held: 3, percent: 0 },
      programs: { '2': { best_score: null, best_total: null, late: false, submitted: true }, '5': null },
      quiz: { best: 2, total: 5 },
    });
  });

  it('matches the raw rows: attended sessions and best scores recounted from the tables', async () => {
    const db = ctx.database.db;
    const book = (await asAdmin(`/api/v1/admin/batches/${BATCH}/gradebook`)).json<Gradebook>();
    const sessions = await db.selectFrom('batch_sessions').selectAll().where('batch_number', '=', BATCH).execute();
    const held = sessions.filter((s) => Date.parse(s.starts_at) + s.duration_minutes * 60_000 <= clock.getTime());
    const marks = await db
      .selectFrom('attendance')
      .selectAll()
      .where(
        'batch_session_id',
        'in',
        held.map((s) => s.id),
      )
      .execute();
    const programs = await db.selectFrom('student_programs').selectAll().execute();
    const attempts = await db.selectFrom('quiz_attempts').selectAll().execute();
    for (const row of book.rows) {
      const attended = marks.filter(
        (m) => m.student_id === row.student_id && (m.mark ? m.mark !== 'absent' : m.joined_at !== null),
      ).length;
      expect(row.attendance).toEqual({
        attended,
        held: held.length,
        percent: Math.round((100 * attended) / held.length),
      });
      for (const n of book.programs) {
        const sp = programs.find((p) => p.student_id === row.student_id && p.program_number === n);
        expect(row.programs[String(n)]?.best_score ?? null).toBe(sp?.best_score ?? null);
        expect(row.programs[String(n)]?.late ?? false).toBe(sp?.best_late === 1);
      }
      const own = attempts.filter((q) => q.student_id === row.student_id);
      expect(row.quiz?.best ?? null).toBe(own.length ? Math.max(...own.map((q) => q.score)) : null);
    }
  });

  it('answers an empty batch with no rows, an unknown one with 404 and a bad number with 400', async () => {
    const empty = await asAdmin(`/api/v1/admin/batches/${EMPTY_BATCH}/gradebook`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ batch: EMPTY_BATCH, programs: [], sessions_held: 0, rows: [] });
    const emptyCsv = await asAdmin(`/api/v1/admin/batches/${EMPTY_BATCH}/gradebook.csv`);
    expect(emptyCsv.statusCode).toBe(200);
    expect(emptyCsv.body.trim().split('\r\n')).toHaveLength(1);

    const unknown = await asAdmin('/api/v1/admin/batches/34/gradebook');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([gradebookMessages.noBatch(34)]);
    expect((await asAdmin('/api/v1/admin/batches/34/gradebook.csv')).statusCode).toBe(404);
    for (const bad of ['0', '100001', 'abc', '1.5', '-3']) {
      const response = await asAdmin(`/api/v1/admin/batches/${bad}/gradebook`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().errors.join(' '), bad).toMatch(/Batch number/);
    }
  });

  it('downloads as CSV: a formula made text, commas and quotes quoted, late scores marked', async () => {
    const response = await asAdmin(`/api/v1/admin/batches/${BATCH}/gradebook.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="gradebook-batch-${BATCH}.csv"`);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'First name,Last name,Email,Status,Attendance %,Classes attended,Program 2,Program 5,Best quiz',
    );
    expect(lines[1]).toBe(`Brian,Kernighan,${students.b.email},Paid,67,2 of 3,,not submitted,`);
    expect(lines[2]).toBe(
      `"'=HYPERLINK(""http://x"")","Smith, ""Jr""",${students.a.email},Paid,67,2 of 3,10/10,8/10 (late),5/5`,
    );
    expect(lines[3]).toBe(`Ken,Thompson,${students.c.email},Completed,0,0 of 3,submitted,,2/5`);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });
});

describe('a student’s work', () => {
  it('lists each program with its code, submissions (late marked) and the teacher’s comments', async () => {
    const response = await asAdmin(`/api/v1/admin/students/${students.a.id}/work`);
    expect(response.statusCode).toBe(200);
    const work = response.json<StudentWork>();
    expect(work.student).toEqual({
      id: students.a.id,
      first_name: '=HYPERLINK("http://x")',
      last_name: 'Smith, "Jr"',
      email: students.a.email,
      batch: BATCH,
      status: 'paid',
    });
    expect(work.programs.map((p) => p.program_number)).toEqual([2, 5]);
    const five = work.programs[1]!;
    expect(five).toMatchObject({
      student_program_id: programFiveOfA,
      task: 'Task of program 5',
      due_at: '2026-12-04T18:30:00.000Z',
      best_score: 8,
      best_total: 10,
      best_late: true,
      code: 'int main(void) {\n  return 8;\n}\n',
      source: 'draft',
    });
    expect(five.submissions.map((s) => [s.score, s.total, s.late, s.status])).toEqual([
      [8, 10, true, 'graded'],
      [5, 10, false, 'graded'],
    ]);
    expect(new Date(five.submissions[0]!.created_at).toISOString()).toBe('2026-12-05T10:00:00.000Z');
    expect(five.comments).toMatchObject([{ line: 2, body: 'Return 0 from main.', author: 'Course Admin' }]);
    expect(work.programs[0]).toMatchObject({ best_late: false, source: 'none', code: '', comments: [] });

    const c = (await asAdmin(`/api/v1/admin/students/${students.c.id}/work`)).json<StudentWork>();
    expect(c.programs[0]).toMatchObject({ code: 'int main(void){}', source: 'solution', submissions: [] });
  });

  it('is a 404 for an unknown student or the teacher’s own account, a 400 for a bad id', async () => {
    const unknown = await asAdmin('/api/v1/admin/students/999999/work');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([messages.noSuchStudent]);
    const admin = await ctx.database.db
      .selectFrom('students')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect((await asAdmin(`/api/v1/admin/students/${admin.id}/work`)).statusCode).toBe(404);
    expect((await asAdmin('/api/v1/admin/students/abc/work')).statusCode).toBe(400);
  });
});

describe('who may read them', () => {
  const urls = () => [
    `/api/v1/admin/batches/${BATCH}/gradebook`,
    `/api/v1/admin/batches/${BATCH}/gradebook.csv`,
    `/api/v1/admin/students/${students.a.id}/work`,
  ];

  it('refuses a student (403), even for their own row and work, and the anonymous (401)', async () => {
    for (const url of urls()) {
      const own = await ctx.app.inject({ method: 'GET', url, headers: bearer(students.a.token) });
      expect(own.statusCode, url).toBe(403);
      expect(own.body).not.toContain('HYPERLINK');
      const other = await ctx.app.inject({ method: 'GET', url, headers: bearer(students.other.token) });
      expect(other.statusCode, url).toBe(403);
      const anonymous = await ctx.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });
});
