/**
 * Attendance counts the classes of a batch from when the student joined it: students moved into batch 1 on 27 Nov
 * were shown Absent for the classes of 23 and 25 Nov ("0 of 2 attended", 0 % in the gradebook, red bars in the
 * overview). Each screen's numbers, for a student there from the start, one moved in later by Create Batch, one by
 * the original client's update_batch, and one placed before the site recorded when (every class counts, as before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { addBatchSession, putBatch } from '../../../test/schedule-rows.js';
import type { TestContext } from '../../../test/test-app.js';
import { STUDENT_STATUS } from '../../contracts/course.js';
import type { Gradebook } from '../../contracts/gradebook.js';
import type { Home } from '../../contracts/home.js';
import type { AttendanceSheet, MySchedule } from '../../contracts/schedule.js';

const BATCH = 61;
let now = new Date('2026-11-20T09:00:00.000Z');
let ctx: TestContext;
let adminToken: string;
const sessions: number[] = [];
type Student = Awaited<ReturnType<typeof verifiedStudent>>;
let fromStart: Student;
let movedIn: Student;
let movedByEmail: Student;
let unrecorded: Student;

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(adminToken), payload });
const asStudent = <T>(student: Student, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(student.token) }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  });

async function paidStudent(): Promise<Student> {
  const student = await verifiedStudent(ctx);
  await ctx.database.db
    .updateTable('students')
    .set({ student_status: STUDENT_STATUS.paid, mobile: '9876543210' })
    .where('id', '=', student.id)
    .execute();
  return student;
}

async function join(student: Student, session: number) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/my_sessions/${session}/join`,
    headers: bearer(student.token),
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp({}, { clock: () => now }));
  const db = ctx.database.db;
  await putBatch(db, BATCH, 'https://meet.example.com/batch-61');
  // Four classes at 7 pm IST (13:30 UTC), 90 minutes: 23, 25 and 29 Nov and 1 Dec.
  for (const [session, day] of [
    [1, '23'],
    [2, '25'],
    [3, '29'],
  ] as const)
    sessions.push(await addBatchSession(db, { batch: BATCH, session, startsAt: `2026-11-${day}T13:30:00.000Z` }));
  sessions.push(await addBatchSession(db, { batch: BATCH, session: 4, startsAt: '2026-12-01T13:30:00.000Z' }));

  [fromStart, movedIn, movedByEmail, unrecorded] = [
    await paidStudent(),
    await paidStudent(),
    await paidStudent(),
    await paidStudent(),
  ];
  // 20 Nov: one student placed by Create Batch before the first class.
  expect((await admin('POST', `/api/v1/batches/${BATCH}/students`, { student_ids: [fromStart.id] })).statusCode).toBe(
    200,
  );
  // One placed before the site recorded when students join a batch.
  await db.updateTable('students').set({ student_batch: BATCH }).where('id', '=', unrecorded.id).execute();
  // 23 Nov: the first class; the first student joins it.
  now = new Date('2026-11-23T13:35:00.000Z');
  await join(fromStart, sessions[0]!);
  // 27 Nov: two more moved in, by Create Batch and by the original client's update_batch.
  now = new Date('2026-11-27T06:00:00.000Z');
  expect((await admin('POST', `/api/v1/batches/${BATCH}/students`, { student_ids: [movedIn.id] })).statusCode).toBe(
    200,
  );
  const byEmail = await admin('PATCH', '/students/update_batch', { email: movedByEmail.email, student_batch: BATCH });
  expect(byEmail.statusCode, byEmail.body).toBe(200);
  // Moving a student already in the batch again keeps when they joined.
  now = new Date('2026-11-28T06:00:00.000Z');
  expect(
    (await admin('POST', `/api/v1/batches/${BATCH}/students`, { student_ids: [fromStart.id, movedIn.id] })).statusCode,
  ).toBe(200);
  // 29 Nov: the third class; the student moved in by Create Batch joins it.
  now = new Date('2026-11-29T13:40:00.000Z');
  await join(movedIn, sessions[2]!);
  now = new Date('2026-11-30T06:00:00.000Z');
});
afterAll(() => ctx.close());

describe('attendance from when a student joined the batch', () => {
  it('records when each student joined, and keeps it when they are placed in the same batch again', async () => {
    const rows = await ctx.database.db
      .selectFrom('students')
      .select(['id', 'batch_joined_at'])
      .where('student_batch', '=', BATCH)
      .execute();
    const joined = new Map(rows.map((r) => [r.id, r.batch_joined_at && new Date(r.batch_joined_at).toISOString()]));
    expect(joined.get(fromStart.id)).toBe('2026-11-20T09:00:00.000Z');
    expect(joined.get(movedIn.id)).toBe('2026-11-27T06:00:00.000Z');
    expect(joined.get(movedByEmail.id)).toBe('2026-11-27T06:00:00.000Z');
    expect(joined.get(unrecorded.id)).toBeNull();
  });

  it('My Classes marks the classes before a student joined as such, not Absent', async () => {
    const statuses = async (student: Student) =>
      (await asStudent<MySchedule>(student, '/api/v1/my_schedule')).sessions.map((s) => s.status);
    expect(await statuses(fromStart)).toEqual(['present', 'absent', 'absent', 'upcoming']);
    expect(await statuses(movedIn)).toEqual(['before joining', 'before joining', 'present', 'upcoming']);
    expect(await statuses(movedByEmail)).toEqual(['before joining', 'before joining', 'absent', 'upcoming']);
    expect(await statuses(unrecorded)).toEqual(['absent', 'absent', 'absent', 'upcoming']);
  });

  it('the home counts the classes held since the student joined', async () => {
    const progress = async (student: Student) => (await asStudent<Home>(student, '/api/v1/me/home')).progress.sessions;
    expect(await progress(fromStart)).toEqual({ done: 1, of: 3 });
    expect(await progress(movedIn)).toEqual({ done: 1, of: 1 });
    expect(await progress(movedByEmail)).toEqual({ done: 0, of: 1 });
    expect(await progress(unrecorded)).toEqual({ done: 0, of: 3 });
  });

  it('the gradebook and the student lists give each student their own classes held', async () => {
    const book = (await admin('GET', `/api/v1/admin/batches/${BATCH}/gradebook`)).json() as Gradebook;
    expect(book.sessions_held).toBe(3);
    const byId = new Map(book.rows.map((r) => [r.student_id, r.attendance]));
    expect(byId.get(fromStart.id)).toEqual({ attended: 1, held: 3, percent: 33 });
    expect(byId.get(movedIn.id)).toEqual({ attended: 1, held: 1, percent: 100 });
    expect(byId.get(movedByEmail.id)).toEqual({ attended: 0, held: 1, percent: 0 });
    expect(byId.get(unrecorded.id)).toEqual({ attended: 0, held: 3, percent: 0 });

    const listed = (await admin('GET', '/students?per_page=200')).json() as { id: number; attendance: unknown }[];
    const listedById = new Map(listed.map((s) => [s.id, s.attendance]));
    expect(listedById.get(movedIn.id)).toEqual({ attended: 1, held: 1 });
    expect(listedById.get(movedByEmail.id)).toEqual({ attended: 0, held: 1 });
    expect(listedById.get(fromStart.id)).toEqual({ attended: 1, held: 3 });
  });

  it('the overview’s bars and a class’s sheet leave out students who joined after it', async () => {
    const charts = (await admin('GET', `/api/v1/admin/charts?batch=${BATCH}`)).json() as {
      attendance: { sessions: { session_number: number; present: number; late: number; absent: number }[] };
    };
    expect(charts.attendance.sessions.map((s) => [s.session_number, s.present, s.late, s.absent])).toEqual([
      [1, 1, 0, 1],
      [2, 0, 0, 2],
      [3, 1, 0, 3],
    ]);
    const sheet = (await admin('GET', `/api/v1/batch_sessions/${sessions[0]}/attendance`)).json() as AttendanceSheet;
    expect(sheet.rows.map((r) => r.student_id).sort()).toEqual([fromStart.id, unrecorded.id].sort());
    const third = (await admin('GET', `/api/v1/batch_sessions/${sessions[2]}/attendance`)).json() as AttendanceSheet;
    expect(third.rows).toHaveLength(4);
  });

  it('a class before a student joined counts for them once the teacher marks them present at it', async () => {
    const mark = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/batch_sessions/${sessions[1]}/attendance/${movedByEmail.id}`,
      headers: bearer(adminToken),
      payload: { mark: 'present' },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    expect((await asStudent<Home>(movedByEmail, '/api/v1/me/home')).progress.sessions).toEqual({ done: 1, of: 2 });
    const book = (await admin('GET', `/api/v1/admin/batches/${BATCH}/gradebook`)).json() as Gradebook;
    expect(book.rows.find((r) => r.student_id === movedByEmail.id)?.attendance).toEqual({
      attended: 1,
      held: 2,
      percent: 50,
    });
  });
});
