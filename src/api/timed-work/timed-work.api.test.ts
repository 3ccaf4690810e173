import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminTestApp,
  lastMailTo,
  studentWithProgram as studentWithProgramOf,
} from '../../../test/accounts-helpers.js';
import { putBatch } from '../../../test/schedule-rows.js';
import type { TestContext } from '../../../test/test-app.js';
import { DEFAULT_TIME_ZONE } from '../../contracts/dates.js';
import { timedMessages } from '../../contracts/timed-work.js';
import { allEndpoints } from '../../contracts/api-endpoints.js';
import { endpointUrl } from '../../contracts/endpoint.js';

let ctx: TestContext;
let adminToken: string;
let now = new Date('2026-12-10T03:00:00.000Z');
const PROGRAM_NUMBER = 4401;
const BATCH = 45;
/** 10:00 on the course clock (India) is 04:30 UTC; thirty minutes later it closes. */
const OPENS_AT = '2026-12-10T04:30:00.000Z';
const CLOSES_AT = '2026-12-10T05:00:00.000Z';
const TASK = 'Print the sum of two numbers.';
const SUM = '#include <stdio.h>\nint main(void) { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); }\n';
const ids: { first: number; second: number } = { first: 0, second: 0 };

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const studentWithProgram = () => studentWithProgramOf(ctx, adminToken, { batch: BATCH, programNumber: PROGRAM_NUMBER });
const workspaceOf = async (s: { spId: number; token: string }) =>
  (await call('GET', `/api/v1/student_programs/${s.spId}/workspace`, s.token)).json();
const submit = (s: { spId: number; token: string }) =>
  call('POST', `/api/v1/student_programs/${s.spId}/submissions`, s.token, { code: SUM });
const timing = (programIds: number[], extra: object = {}) => ({
  program_ids: programIds,
  student_batch: BATCH,
  opens_date: '2026-12-10',
  opens_time: '10:00',
  minutes: 30,
  ...extra,
});

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp({}, { clock: () => now }));
  await putBatch(ctx.database.db, BATCH, null);
  ids.first = (await call('POST', '/programs', adminToken, { program_number: PROGRAM_NUMBER, task: TASK })).json().id;
  ids.second = (await call('POST', '/programs', adminToken, { program_number: 4402, task: 'Secret task.' })).json().id;
  await call('PUT', `/api/v1/programs/${ids.first}/exercise`, adminToken, {
    starter_code: '#include <stdio.h>\n',
    tests: [{ stdin: '2 3\n', expected_output: '5\n', visible: true, points: 1 }],
    rubric: [{ title: 'Adds with one printf', points: 2 }],
  });
  await ctx.app.grader.warmUp();
}, 120_000);
afterAll(() => ctx.close());

describe('timed work', () => {
  it('refuses a wrong window with reasons and saves nothing', async () => {
    for (const [body, status] of [
      [timing([ids.first], { minutes: 0 }), 400],
      [timing([ids.first], { minutes: true }), 400],
      [timing([ids.first], { minutes: null }), 400],
      [timing([ids.first], { minutes: 24 * 60 + 1 }), 400],
      [timing([ids.first], { opens_time: '25:00' }), 400],
      [timing([ids.first], { opens_date: '2026-02-30' }), 400],
      [timing([]), 400],
      [timing([ids.first, 999_999]), 404],
    ] as const) {
      const refused = await call('PUT', '/api/v1/admin/timed_work', adminToken, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(await ctx.database.db.selectFrom('timed_work').selectAll().execute()).toEqual([]);
  });

  it('hides the task until it opens, accepts work in the window, refuses it after; an extension moves one end', async () => {
    const s = await studentWithProgram();
    const other = await studentWithProgram();
    const set = await call('PUT', '/api/v1/admin/timed_work', adminToken, timing([ids.second, ids.first]));
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual([
      {
        id: expect.any(Number),
        program_number: PROGRAM_NUMBER,
        batch_number: BATCH,
        opens_at: OPENS_AT,
        closes_at: CLOSES_AT,
        minutes: 30,
      },
      {
        id: expect.any(Number),
        program_number: 4402,
        batch_number: BATCH,
        opens_at: OPENS_AT,
        closes_at: CLOSES_AT,
        minutes: 30,
      },
    ]);

    // Before: the task, starter code and examples are hidden everywhere the student could read them.
    const waiting = await workspaceOf(s);
    expect(waiting).toMatchObject({
      task: timedMessages.hiddenTask,
      starter_code: '',
      visible_tests: [],
      timing: { opens_at: OPENS_AT, closes_at: CLOSES_AT, minutes: 30, extra_minutes: 0 },
    });
    expect(waiting.rubric).toEqual([]);
    const mine = (await call('GET', `/student_programs/get_my_progs/${s.id}`, s.token)).json();
    expect(mine[0]).toMatchObject({ task: timedMessages.hiddenTask, opens_at: OPENS_AT, closes_at: CLOSES_AT });
    // The teacher reads the task in the student's list.
    const theirs = (await call('GET', `/student_programs/get_my_progs/${s.id}`, adminToken)).json();
    expect(theirs[0]).toMatchObject({ task: TASK });
    const home = (await call('GET', '/api/v1/me/home', s.token)).json();
    // The home has no countdown: it says when the program opens, on the course clock.
    expect(home.programs_to_solve).toContainEqual(
      expect.objectContaining({
        task: 'The task is shown when the program opens, at 10 Dec 2026, 10:00 am IST.',
      }),
    );
    expect(home.next_steps).toContainEqual(
      expect.objectContaining({
        text: `Program ${PROGRAM_NUMBER} opens at 10 Dec 2026, 10:00 am IST`,
        detail: 'A timed program: its task is shown when it opens.',
      }),
    );
    expect(JSON.stringify(home)).not.toContain(TASK);
    const notOpen = timedMessages.notOpen(PROGRAM_NUMBER, OPENS_AT, DEFAULT_TIME_ZONE);
    expect(notOpen).toBe('Program 4401 opens at 10 Dec 2026, 10:00 am IST.');
    // Every student's write on one of their programs declares the timed-work guard, and each is refused.
    const writes = allEndpoints.filter(
      ({ endpoint }) =>
        endpoint.access === 'student' &&
        endpoint.method !== 'GET' &&
        /\/student_programs\/:id(\/|$)/.test(endpoint.path),
    );
    expect(writes.filter(({ endpoint }) => !endpoint.timedWork).map(({ name }) => name)).toEqual([]);
    const bodies: Record<string, object> = {
      'exerciseWorkspace.saveDraft': { code: SUM },
      'exerciseWorkspace.run': { code: SUM, stdin: '' },
      'exerciseWorkspace.submit': { code: SUM },
      'trace.trace': { code: SUM, stdin: '' },
      'programs.handIn': { solution: SUM },
    };
    expect(writes.map(({ name }) => name).sort()).toEqual(Object.keys(bodies).sort());
    for (const { name, endpoint } of writes) {
      const refused = await call(
        endpoint.method as 'POST' | 'PUT' | 'PATCH',
        endpointUrl(endpoint, { id: s.spId }),
        s.token,
        bodies[name],
      );
      expect(refused.statusCode, name).toBe(409);
      expect(refused.json().errors, name).toEqual([notOpen]);
    }

    // In the window: the task is there and work is accepted.
    now = new Date('2026-12-10T04:45:00.000Z');
    expect(await workspaceOf(s)).toMatchObject({
      task: TASK,
      starter_code: '#include <stdio.h>\n',
      rubric: [{ title: 'Adds with one printf', points: 2 }],
    });
    expect((await submit(s)).statusCode).toBe(201);

    // At the closing moment: refused, saying when it closed; nothing is stored.
    now = new Date(CLOSES_AT);
    const timeUp = timedMessages.timeUp(PROGRAM_NUMBER, CLOSES_AT, DEFAULT_TIME_ZONE);
    expect(timeUp).toBe('Time is up: Program 4401 closed at 10 Dec 2026, 10:30 am IST. Late work is not accepted.');
    // Over: no longer among the programs to solve on Home.
    const homeOver = (await call('GET', '/api/v1/me/home', other.token)).json();
    expect(homeOver.programs_to_solve.map((p: { program_number: number }) => p.program_number)).not.toContain(
      PROGRAM_NUMBER,
    );
    const late = await submit(other);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual([timeUp]);
    expect((await workspaceOf(other)).submissions).toEqual([]);

    // Ten more minutes for one student: they may submit until 10:40; the other may not.
    // Not a number of minutes: refused (z.coerce would read null and "" as 0, taking an extension back).
    for (const extra_minutes of [-1, null, '', [], true, 1.5])
      expect(
        (await call('PUT', `/api/v1/admin/student_programs/${other.spId}/extension`, adminToken, { extra_minutes }))
          .statusCode,
        JSON.stringify(extra_minutes),
      ).toBe(400);
    const extended = await call('PUT', `/api/v1/admin/student_programs/${other.spId}/extension`, adminToken, {
      extra_minutes: 10,
    });
    expect(extended.json()).toEqual({ student_program_id: other.spId, extra_minutes: 10 });
    expect((await workspaceOf(other)).timing).toMatchObject({
      closes_at: '2026-12-10T05:10:00.000Z',
      extra_minutes: 10,
    });
    expect((await submit(other)).statusCode).toBe(201);
    expect((await submit(s)).statusCode).toBe(409);
    now = new Date('2026-12-10T05:10:00.000Z');
    expect((await submit(other)).statusCode).toBe(409);
    const supervision = (
      await call('GET', `/api/v1/admin/supervision?program_number=${PROGRAM_NUMBER}&student_batch=${BATCH}`, adminToken)
    ).json();
    expect(supervision.find((r: { student_id: number }) => r.student_id === other.id).extra_minutes).toBe(10);

    // Removed, the program is no longer timed.
    const listed = (await call('GET', `/api/v1/admin/timed_work?student_batch=${BATCH}`, adminToken)).json();
    expect(listed.map((t: { program_number: number }) => t.program_number)).toEqual([PROGRAM_NUMBER, 4402]);
    expect((await call('DELETE', `/api/v1/admin/timed_work/${listed[0].id}`, adminToken)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/admin/timed_work/${listed[0].id}`, adminToken)).statusCode).toBe(404);
    expect((await workspaceOf(s)).timing).toBeNull();
    expect((await submit(s)).statusCode).toBe(201);
  });

  it('a timed program sent before it opens is announced without its task', async () => {
    now = new Date('2026-12-10T03:00:00.000Z');
    const s = await studentWithProgram();
    // The original client's one-student send is announced without the task too.
    const one = await call('POST', '/student_programs', adminToken, {
      student_id: s.id,
      program_number: 4402,
      task: 'Secret task.',
      solution: '',
    });
    expect(one.statusCode).toBe(201);
    expect((await lastMailTo(ctx, s.email)).text_body).not.toContain('Secret task.');
    await ctx.database.db.deleteFrom('student_programs').where('id', '=', one.json().id).execute();
    const sent = await call('POST', `/api/v1/programs/${ids.second}/send`, adminToken, { student_batch: BATCH });
    expect(sent.statusCode).toBe(200);
    const mail = await lastMailTo(ctx, s.email);
    expect(mail.text_body).toContain(timedMessages.announce(OPENS_AT, 30, DEFAULT_TIME_ZONE));
    expect(mail.text_body).not.toContain('Secret task.');
    const notices = (await call('GET', '/api/v1/notifications', s.token)).json().items;
    expect(JSON.stringify(notices)).not.toContain('Secret task.');
  });

  it('a program sent and then made timed: its task leaves the notices not yet read', async () => {
    now = new Date('2026-12-09T03:00:00.000Z');
    const number = 4403;
    const id = (
      await call('POST', '/programs', adminToken, { program_number: number, task: 'Reverse a string.' })
    ).json().id;
    const reader = await studentWithProgram();
    const other = await studentWithProgram();
    expect((await call('POST', `/api/v1/programs/${id}/send`, adminToken, { student_batch: BATCH })).statusCode).toBe(
      200,
    );
    const noticeOf = async (token: string) =>
      (await call('GET', '/api/v1/notifications', token))
        .json()
        .items.find((n: { title: string }) => n.title === `Program ${number} is sent to you`);
    expect((await noticeOf(other.token)).body).toBe('Reverse a string.');
    // One student read it already: what they read stays as it was.
    const read = await noticeOf(reader.token);
    expect((await call('POST', `/api/v1/notifications/${read.id}/read`, reader.token)).statusCode).toBeLessThan(300);

    const saved = await call('PUT', '/api/v1/admin/timed_work', adminToken, timing([id], { opens_date: '2026-12-10' }));
    expect(saved.statusCode).toBe(200);
    expect((await noticeOf(other.token)).body).toBe(timedMessages.announce(OPENS_AT, 30, DEFAULT_TIME_ZONE));
    expect((await noticeOf(reader.token)).body).toBe('Reverse a string.');
  });
});
