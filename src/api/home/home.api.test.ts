import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { addBatchSession, putBatch } from '../../../test/schedule-rows.js';
import type { TestContext } from '../../../test/test-app.js';
import { contentMessages } from '../../contracts/course-content.js';
import { homeMessages, type Home } from '../../contracts/home.js';

let ctx: TestContext;
let adminToken: string;
/** The app's clock (schedule, deadlines, late submissions, visits): each test sets the time it needs. */
let clock = new Date('2026-11-20T08:00:00.000Z');

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp({}, { clock: () => clock }));
  await ctx.app.grader.warmUp();
}, 120_000);
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const asAdmin = (method: Method, url: string, payload?: object) => call(method, url, adminToken, payload);

async function homeOf(token: string): Promise<Home> {
  const response = await call('GET', '/api/v1/me/home', token);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const PROFILE = { mobile: '9876543210', city: 'Pune', country: 'India', study: 'BSc', institution: 'College' };

/** A verified student, with (or without) a profile, paid (or not) and in a batch (or not). */
async function student(options: { profile?: boolean; paid?: boolean; batch?: number | null } = {}) {
  const { profile = true, paid = true, batch = null } = options;
  const s = await verifiedStudent(ctx);
  if (profile) expect((await call('PATCH', `/students/${s.id}`, s.token, PROFILE)).statusCode).toBe(200);
  if (paid) expect((await asAdmin('PATCH', `/students/${s.id}`, { student_status: 1 })).statusCode).toBe(200);
  if (batch !== null)
    expect(
      (await asAdmin('PATCH', '/students/update_batch', { email: s.email, student_batch: batch })).statusCode,
    ).toBe(200);
  return s;
}

let programCounter = 7000;
/** A new program of the course; with tests when `tests` is given. */
async function newProgram(tests?: { stdin: string; expected_output: string; points: number }[]) {
  programCounter += 1;
  const created = await asAdmin('POST', '/programs', {
    program_number: programCounter,
    task: `Task ${programCounter}`,
  });
  expect(created.statusCode).toBe(201);
  if (tests)
    expect((await asAdmin('PUT', `/api/v1/programs/${created.json().id}/exercise`, { tests })).statusCode).toBe(200);
  return created.json() as { id: number; program_number: number };
}

const send = (programId: number, batch: number, dueDate?: string) =>
  asAdmin('POST', `/api/v1/programs/${programId}/send`, {
    student_batch: batch,
    ...(dueDate === undefined ? {} : { due_date: dueDate }),
  });

async function studentProgramId(studentId: number, programNumber: number): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('student_programs')
    .select('id')
    .where('student_id', '=', studentId)
    .where('program_number', '=', programNumber)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function takeQuiz(studentId: number, score: number, total = 10) {
  await ctx.database.db
    .insertInto('quiz_attempts')
    .values({ student_id: studentId, score, total, review: '[]' })
    .execute();
}

const SUM =
  '#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf("%d %d", &a, &b) != 2) return 1;\n  printf("%d\\n", a + b);\n  return 0;\n}\n';
const WRONG = '#include <stdio.h>\nint main(void) {\n  printf("5\\n");\n  return 0;\n}\n';
const TESTS = [
  { stdin: '2 3\n', expected_output: '5\n', points: 2 },
  { stdin: '10 -4\n', expected_output: '6\n', points: 3 },
];

describe('what to do next', () => {
  it('asks for the profile first, then the fee, then the self-assessment test', async () => {
    clock = new Date('2026-11-20T08:00:00.000Z');
    const s = await student({ profile: false, paid: false });
    const home = await homeOf(s.token);
    expect(home.next_steps.map((step) => step.kind)).toEqual(['profile', 'pay', 'quiz']);
    expect(home.next_steps[0]!.link).toBe('/CreateProfile');
    expect(home.next_class).toBeNull();
    expect(home.progress).toEqual({
      sessions: { done: 0, of: 0 },
      programs: { done: 0, of: 0 },
      self_assessment: null,
    });

    const withProfile = await student({ paid: false });
    expect((await homeOf(withProfile.token)).next_steps[0]).toMatchObject({ kind: 'pay', link: '/DashPage/mypayment' });
  });

  it('puts tonight’s class first, then programs soonest deadline first, then those without one', async () => {
    // 13:30 in India on 20 Nov; the class is at 19:00 India time today.
    clock = new Date('2026-11-20T08:00:00.000Z');
    await putBatch(ctx.database.db, 71, 'https://meet.example.com/b71');
    const sessionId = await addBatchSession(ctx.database.db, {
      batch: 71,
      session: 1,
      startsAt: '2026-11-20T13:30:00.000Z',
      minutes: 60,
    });
    const s = await student({ batch: 71 });
    const none = await newProgram();
    const later = await newProgram();
    const sooner = await newProgram();
    expect((await send(none.id, 71)).statusCode).toBe(200);
    expect((await send(later.id, 71, '2026-11-27')).statusCode).toBe(200);
    expect((await send(sooner.id, 71, '2026-11-22')).statusCode).toBe(200);

    const home = await homeOf(s.token);
    expect(home.now).toBe(clock.toISOString());
    expect(home.next_class).toMatchObject({
      session: { id: sessionId, session_number: 1, starts_at: '2026-11-20T13:30:00.000Z', status: 'upcoming' },
      meeting_link: expect.stringMatching(/^\/join\/[\w-]{43}$/),
    });
    expect(home.programs_to_solve.map((p) => p.program_number)).toEqual([
      sooner.program_number,
      later.program_number,
      none.program_number,
    ]);
    expect(home.programs_to_solve[0]).toMatchObject({
      due_at: '2026-11-22T18:29:59.999Z',
      overdue: false,
      late: false,
    });
    expect(home.next_steps.map((step) => step.kind)).toEqual(['class', 'program', 'program', 'program', 'quiz']);
    expect(home.next_steps[0]!.text).toBe('Join tonight’s class at 7:00 pm IST: session 1');
    expect(home.next_steps[1]).toEqual({
      kind: 'program',
      text: `Solve program ${sooner.program_number}`,
      detail: 'Due Sun 22 Nov 2026, 11:59 pm IST',
      link: `/DashPage/myprogs/${await studentProgramId(s.id, sooner.program_number)}`,
    });

    // Within the join window the class is to be joined now.
    clock = new Date('2026-11-20T13:25:00.000Z');
    expect((await homeOf(s.token)).next_steps[0]!.text).toBe('Join the class now: session 1');

    // Once the class is over, the soonest program leads.
    clock = new Date('2026-11-20T15:00:00.000Z');
    const after = await homeOf(s.token);
    expect(after.next_class).toBeNull();
    expect(after.next_steps[0]!.text).toBe(`Solve program ${sooner.program_number}`);

    // Completed, with a class and programs still in the batch: the home asks for feedback and offers the certificate,
    // and still shows the batch's class (it is on, whatever the student's status).
    clock = new Date('2026-11-20T13:25:00.000Z');
    expect((await asAdmin('PUT', `/students/${s.id}`, { student_status: 2 })).statusCode).toBe(200);
    const done = await homeOf(s.token);
    expect(done.next_class?.session.session_number).toBe(1);
    expect(done.programs_to_solve).toEqual([]);
    expect(done.next_steps.map((step) => step.kind)).toEqual(['feedback', 'certificate']);
    expect(done.next_steps[0]!.link).toBe('/DashPage/myfeedback');
  });

  it('with nothing waiting: get ready for the next class, or, without a batch, look over the plan', async () => {
    clock = new Date('2026-11-20T08:00:00.000Z');
    await addBatchSession(ctx.database.db, { batch: 73, session: 2, startsAt: '2026-11-24T13:30:00.000Z' });
    const s = await student({ batch: 73 });
    await takeQuiz(s.id, 7);
    const home = await homeOf(s.token);
    expect(home.next_steps).toHaveLength(1);
    expect(home.next_steps[0]).toMatchObject({ kind: 'prepare', text: 'Get ready for session 2 on 24 Nov 2026' });

    const waiting = await student();
    await takeQuiz(waiting.id, 3);
    expect((await homeOf(waiting.token)).next_steps.map((step) => step.kind)).toEqual(['wait']);
  });
});

describe('progress', () => {
  it('counts sessions attended of those held, programs solved of those sent, and the best self-assessment', async () => {
    clock = new Date('2026-11-10T08:00:00.000Z');
    const db = ctx.database.db;
    const first = await addBatchSession(db, {
      batch: 72,
      session: 1,
      startsAt: '2026-11-10T13:30:00.000Z',
      minutes: 60,
    });
    const second = await addBatchSession(db, { batch: 72, session: 2, startsAt: '2026-11-11T13:30:00.000Z' });
    await addBatchSession(db, { batch: 72, session: 3, startsAt: '2026-11-12T13:30:00.000Z' });
    await addBatchSession(db, { batch: 72, session: 4, startsAt: '2026-11-30T13:30:00.000Z' });
    const s = await student({ batch: 72 });
    const other = await student({ batch: 72 });

    // Joined the first class on time; the teacher marks the second late; the third was missed.
    clock = new Date('2026-11-10T13:31:00.000Z');
    expect((await call('POST', `/api/v1/my_sessions/${first}/join`, s.token)).statusCode).toBe(200);
    expect(
      (await asAdmin('PUT', `/api/v1/batch_sessions/${second}/attendance/${s.id}`, { mark: 'late' })).statusCode,
    ).toBe(200);
    // Another student's attendance is not theirs.
    expect(
      (await asAdmin('PUT', `/api/v1/batch_sessions/${first}/attendance/${other.id}`, { mark: 'absent' })).statusCode,
    ).toBe(200);

    const solved = await newProgram();
    const half = await newProgram();
    const unsent = await newProgram();
    expect((await send(solved.id, 72)).statusCode).toBe(200);
    expect((await send(half.id, 72)).statusCode).toBe(200);
    await db
      .updateTable('student_programs')
      .set({ solution: 'x', best_score: 10, best_total: 10 })
      .where('id', '=', await studentProgramId(s.id, solved.program_number))
      .execute();
    await db
      .updateTable('student_programs')
      .set({ solution: 'x', best_score: 4, best_total: 10 })
      .where('id', '=', await studentProgramId(s.id, half.program_number))
      .execute();
    await takeQuiz(s.id, 6);
    await takeQuiz(s.id, 8);
    await takeQuiz(s.id, 5);

    clock = new Date('2026-11-20T08:00:00.000Z');
    const home = await homeOf(s.token);
    expect(home.progress).toEqual({
      sessions: { done: 2, of: 3 },
      programs: { done: 1, of: 2 },
      self_assessment: { score: 8, total: 10 },
    });
    // The half-done program is still to solve; the solved one is not; the unsent one is nobody's.
    expect(home.programs_to_solve.map((p) => p.program_number)).toEqual([half.program_number]);
    expect(home.programs_to_solve[0]).toMatchObject({ submitted: true, best_score: 4, best_total: 10 });
    expect(home.programs_to_solve.some((p) => p.program_number === unsent.program_number)).toBe(false);
    expect(home.next_class?.session.session_number).toBe(4);

    const theirs = await homeOf(other.token);
    expect(theirs.progress).toMatchObject({
      sessions: { done: 0, of: 3 },
      programs: { done: 0, of: 2 },
      self_assessment: null,
    });
  });
});

describe('what the home says while a class is on', () => {
  it('says Join now until the student joins, then that they joined, also on a reload', async () => {
    clock = new Date('2026-11-13T08:00:00.000Z');
    const db = ctx.database.db;
    await putBatch(db, 74, 'https://meet.example.com/batch-74');
    const s = await student({ batch: 74 });
    const third = await addBatchSession(db, { batch: 74, session: 3, startsAt: '2026-11-13T13:30:00.000Z' });
    clock = new Date('2026-11-13T13:32:00.000Z');
    expect((await homeOf(s.token)).next_steps[0]?.text).toBe('Join the class now: session 3');
    expect((await call('POST', `/api/v1/my_sessions/${third}/join`, s.token)).statusCode).toBe(200);
    for (const minutes of [33, 50]) {
      clock = new Date(`2026-11-13T13:${minutes}:00.000Z`);
      const home = await homeOf(s.token);
      expect(home.next_steps[0]).toMatchObject({ kind: 'class', text: 'You joined session 3: it ends at 8:30 pm IST' });
      expect(home.next_class?.session).toMatchObject({ session_number: 3, status: 'present' });
    }
  });

  it('a completed student sees the class in progress and the batch’s next ones, and is asked for feedback', async () => {
    clock = new Date('2026-11-14T08:00:00.000Z');
    const db = ctx.database.db;
    await putBatch(db, 75, 'https://meet.example.com/batch-75');
    const s = await student({ batch: 75 });
    const now = await addBatchSession(db, { batch: 75, session: 5, startsAt: '2026-11-14T13:30:00.000Z' });
    for (const [session, day] of [
      [6, '16'],
      [7, '18'],
    ] as const)
      await addBatchSession(db, { batch: 75, session, startsAt: `2026-11-${day}T13:30:00.000Z` });
    expect((await asAdmin('PATCH', `/students/${s.id}`, { student_status: 2 })).statusCode).toBe(200);
    clock = new Date('2026-11-14T13:45:00.000Z');
    const home = await homeOf(s.token);
    expect(home.next_class?.session).toMatchObject({ id: now, session_number: 5, status: 'in progress' });
    expect(home.next_steps.map((step) => step.kind)).toEqual(['feedback', 'certificate']);
    expect(home.progress.sessions).toEqual({ done: 0, of: 0 });
  });
});

describe('doubts answered since the last visit, and comments', () => {
  it('lists answers after the previous visit: a reload within a visit keeps the boundary, a new visit moves it', async () => {
    const s = await student();
    const ask = async (question: string, answeredAt: string) => {
      const asked = await call('POST', '/api/v1/doubts', s.token, { question });
      expect(asked.statusCode).toBe(201);
      const id = asked.json().id as number;
      expect((await asAdmin('PATCH', `/api/v1/admin/doubts/${id}`, { answer: `About ${question}` })).statusCode).toBe(
        200,
      );
      await ctx.database.db.updateTable('doubts').set({ answered_at: answeredAt }).where('id', '=', id).execute();
      return id;
    };
    const old = await ask('pointers', '2026-11-20T07:00:00.000Z');
    await call('POST', '/api/v1/doubts', s.token, { question: 'not answered yet' });

    clock = new Date('2026-11-20T08:00:00.000Z');
    const firstVisit = await homeOf(s.token);
    expect(firstVisit.since).toBeNull();
    expect(firstVisit.doubts_answered.map((d) => d.id)).toEqual([old]);
    expect(firstVisit.doubts_answered[0]).toMatchObject({ question: 'pointers', answer: 'About pointers' });

    // A reload ten minutes later is the same visit.
    clock = new Date('2026-11-20T08:10:00.000Z');
    expect((await homeOf(s.token)).doubts_answered.map((d) => d.id)).toEqual([old]);

    const fresh = await ask('arrays', '2026-11-20T08:20:00.000Z');
    // Forty minutes after the last look: a new visit; what was answered before 08:10 was seen.
    clock = new Date('2026-11-20T08:50:00.000Z');
    const secondVisit = await homeOf(s.token);
    expect(secondVisit.since).toBe('2026-11-20T08:10:00.000Z');
    expect(secondVisit.doubts_answered.map((d) => d.id)).toEqual([fresh]);
    // And a reload of that visit keeps it.
    clock = new Date('2026-11-20T08:55:00.000Z');
    expect((await homeOf(s.token)).doubts_answered.map((d) => d.id)).toEqual([fresh]);
  });

  it('shows the teacher’s latest comments on the student’s own code only; the admin has no home', async () => {
    clock = new Date('2026-11-20T08:00:00.000Z');
    const a = await student({ batch: 74 });
    const b = await student({ batch: 75 });
    const program = await newProgram();
    expect((await send(program.id, 74)).statusCode).toBe(200);
    const spId = await studentProgramId(a.id, program.program_number);
    for (let line = 1; line <= 6; line += 1)
      expect(
        (await asAdmin('POST', `/api/v1/admin/student_programs/${spId}/comments`, { line, body: `Comment ${line}` }))
          .statusCode,
      ).toBe(201);
    const home = await homeOf(a.token);
    expect(home.comments.map((c) => c.body)).toEqual(['Comment 6', 'Comment 5', 'Comment 4', 'Comment 3', 'Comment 2']);
    expect(home.comments[0]).toMatchObject({
      student_program_id: spId,
      program_number: program.program_number,
      line: 6,
      link: `/DashPage/myprogs/${spId}`,
    });

    const theirs = await homeOf(b.token);
    expect(theirs.comments).toEqual([]);
    expect(theirs.programs_to_solve).toEqual([]);
    expect(theirs.progress.programs).toEqual({ done: 0, of: 0 });

    const admin = await asAdmin('GET', '/api/v1/me/home');
    expect(admin.statusCode).toBe(403);
    expect(admin.json().errors).toEqual([homeMessages.studentsOnly]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/me/home' })).statusCode).toBe(401);
  });
});

describe('program deadlines', () => {
  it('refuses a due date before today on the course calendar, takes today, and refuses a malformed one', async () => {
    // 01:30 on 21 Nov in India, still 20 Nov in UTC: "today" is the 21st.
    clock = new Date('2026-11-20T20:00:00.000Z');
    await student({ batch: 76 });
    const program = await newProgram();
    const past = await send(program.id, 76, '2026-11-20');
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([contentMessages.dueDatePassed]);
    for (const bad of ['2026-13-01', 'tomorrow', '21/11/2026', ''])
      expect((await send(program.id, 76, bad)).statusCode, bad).toBe(400);
    expect(
      await ctx.database.db
        .selectFrom('student_programs')
        .select('id')
        .where('program_number', '=', program.program_number)
        .execute(),
    ).toEqual([]);

    const today = await send(program.id, 76, '2026-11-21');
    expect(today.statusCode).toBe(200);
    const rows = await ctx.database.db
      .selectFrom('student_programs')
      .select('due_at')
      .where('program_number', '=', program.program_number)
      .execute();
    expect(rows.map((r) => new Date(r.due_at!).toISOString())).toEqual(['2026-11-21T18:29:59.999Z']);
  });

  it('marks submissions after the deadline late and still grades them; the best score’s lateness follows it', async () => {
    clock = new Date('2026-11-20T08:00:00.000Z');
    const s = await student({ batch: 77 });
    const program = await newProgram(TESTS);
    expect((await send(program.id, 77, '2026-11-20')).statusCode).toBe(200);
    const spId = await studentProgramId(s.id, program.program_number);
    const submit = (code: string) => call('POST', `/api/v1/student_programs/${spId}/submissions`, s.token, { code });

    // On time, partly right.
    const onTime = await submit(WRONG);
    expect(onTime.statusCode).toBe(201);
    expect(onTime.json()).toMatchObject({ score: 2, total: 5, late: false });

    // After the end of the due day in India (18:30 UTC): late, and graded in full.
    clock = new Date('2026-11-20T19:00:00.000Z');
    const late = await submit(SUM);
    expect(late.statusCode).toBe(201);
    expect(late.json()).toMatchObject({ status: 'graded', score: 5, total: 5, late: true });
    const stored = await ctx.database.db
      .selectFrom('submissions')
      .select(['late', 'score'])
      .where('student_program_id', '=', spId)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { late: 0, score: 2 },
      { late: 1, score: 5 },
    ]);

    const workspace = (await call('GET', `/api/v1/student_programs/${spId}/workspace`, s.token)).json();
    expect(workspace).toMatchObject({ best_score: 5, best_late: true, due_at: '2026-11-20T18:29:59.999Z' });
    expect(workspace.submissions.map((x: { late: boolean }) => x.late)).toEqual([true, false]);

    const mine = (await call('GET', `/student_programs/get_my_progs/${s.id}`, s.token)).json();
    expect(mine).toEqual([
      expect.objectContaining({
        id: spId,
        due_at: '2026-11-20T18:29:59.999Z',
        late: true,
        best_late: true,
        solution: SUM,
      }),
    ]);
    // Full marks, late or not: solved.
    expect((await homeOf(s.token)).progress.programs).toEqual({ done: 1, of: 1 });
  });

  it('an on-time best score stays on time when a later late run does no better', async () => {
    clock = new Date('2026-11-20T08:00:00.000Z');
    const s = await student({ batch: 78 });
    const program = await newProgram(TESTS);
    expect((await send(program.id, 78, '2026-11-20')).statusCode).toBe(200);
    const spId = await studentProgramId(s.id, program.program_number);
    expect(
      (await call('POST', `/api/v1/student_programs/${spId}/submissions`, s.token, { code: WRONG })).statusCode,
    ).toBe(201);
    clock = new Date('2026-11-21T08:00:00.000Z');
    const again = await call('POST', `/api/v1/student_programs/${spId}/submissions`, s.token, { code: WRONG });
    expect(again.json()).toMatchObject({ score: 2, late: true });
    const workspace = (await call('GET', `/api/v1/student_programs/${spId}/workspace`, s.token)).json();
    expect(workspace).toMatchObject({ best_score: 2, best_late: false });
    const home = await homeOf(s.token);
    expect(home.programs_to_solve).toEqual([expect.objectContaining({ id: spId, overdue: true, late: true })]);
    expect(home.next_steps[0]!.detail).toBe('Was due Fri 20 Nov 2026, 11:59 pm IST: it is still graded, marked late.');
  });

  it('the original client’s solution upload after the deadline is late; the one-student send has no deadline', async () => {
    clock = new Date('2026-11-20T08:00:00.000Z');
    const s = await student({ batch: 79 });
    const program = await newProgram();
    expect((await send(program.id, 79, '2026-11-20')).statusCode).toBe(200);
    const spId = await studentProgramId(s.id, program.program_number);
    clock = new Date('2026-11-22T08:00:00.000Z');
    const patched = await call('PATCH', `/student_programs/${spId}`, s.token, {
      solution: 'int main(void){return 0;}',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ id: spId, late: true, best_late: false });

    const single = await asAdmin('POST', '/student_programs', {
      student_id: s.id,
      program_number: 9999,
      task: 'One for you',
      solution: '',
    });
    expect(single.statusCode).toBe(201);
    expect(single.json()).toMatchObject({ due_at: null, late: false, best_late: false });
  });
});
