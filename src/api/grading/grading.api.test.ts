import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminTestApp,
  lastMailTo,
  studentWithProgram as studentWithProgramOf,
} from '../../../test/accounts-helpers.js';
import { putBatch } from '../../../test/schedule-rows.js';
import type { TestContext } from '../../../test/test-app.js';
import { gradingMessages } from '../../contracts/grading.js';

let ctx: TestContext;
let adminToken: string;
let programId: number;
const PROGRAM_NUMBER = 4301;
const BATCH = 43;
const RUBRIC = [
  { title: 'Reads the input with scanf and checks it', points: 4 },
  { title: 'Readable names and layout', points: 6 },
];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const studentWithProgram = () => studentWithProgramOf(ctx, adminToken, { batch: BATCH, programNumber: PROGRAM_NUMBER });
const workspaceOf = async (s: { spId: number; token: string }) =>
  (await call('GET', `/api/v1/student_programs/${s.spId}/workspace`, s.token)).json();
const gradeNotices = async (token: string) =>
  (await call('GET', '/api/v1/notifications', token))
    .json()
    .items.filter((n: { kind: string }) => n.kind === 'grade_released');

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
  await putBatch(ctx.database.db, BATCH, null);
  programId = (await call('POST', '/programs', adminToken, { program_number: PROGRAM_NUMBER, task: 'Sum.' })).json().id;
}, 120_000);
afterAll(() => ctx.close());

describe('grading by rubric', () => {
  it('the rubric is saved with the program, refused with reasons when wrong, and carried by export', async () => {
    const saved = await call('PUT', `/api/v1/programs/${programId}/exercise`, adminToken, { rubric: RUBRIC });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().rubric).toEqual(RUBRIC);
    for (const [rubric, message] of [
      [[{ title: ' ', points: 3 }], 'Name each criterion.'],
      [[{ title: 'Style', points: 0 }], 'A criterion is worth a whole number of points from 1 to 100.'],
      [[{ title: 'Style', points: 101 }], 'A criterion is worth a whole number of points from 1 to 100.'],
      [[{ title: 'Style', points: null }], 'A criterion is worth a whole number of points from 1 to 100.'],
      [Array.from({ length: 13 }, (_, i) => ({ title: `C${i}`, points: 1 })), 'At most 12 criteria.'],
    ] as const) {
      const refused = await call('PUT', `/api/v1/programs/${programId}/exercise`, adminToken, { rubric });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.join(' ')).toContain(message);
    }
    // Saving the rubric alone keeps the tests; saving the tests alone leaves the rubric as it is.
    const tests = [{ stdin: '1 2\n', expected_output: '3\n', visible: true, points: 2 }];
    await call('PUT', `/api/v1/programs/${programId}/exercise`, adminToken, { tests, rubric: RUBRIC });
    const rubricOnly = await call('PUT', `/api/v1/programs/${programId}/exercise`, adminToken, { rubric: RUBRIC });
    expect(rubricOnly.json().tests).toMatchObject(tests);
    await call('PUT', `/api/v1/programs/${programId}/exercise`, adminToken, { tests: [] });
    expect((await call('GET', `/api/v1/programs/${programId}/exercise`, adminToken)).json().rubric).toEqual(RUBRIC);
    const exported = (await call('GET', `/api/v1/programs/${programId}/exercise/export`, adminToken)).json();
    expect(exported.programs[0].rubric).toEqual(RUBRIC);
  });

  it('a grade is kept from the student until released; release tells them once; the gradebook shows it', async () => {
    const s = await studentWithProgram();
    expect(await workspaceOf(s)).toMatchObject({ rubric: RUBRIC, grade: null });

    const url = `/api/v1/admin/student_programs/${s.spId}/grade`;
    const wrongCount = await call('PUT', url, adminToken, { scores: [3] });
    expect(wrongCount.statusCode).toBe(400);
    expect(wrongCount.json().errors).toEqual([gradingMessages.scoresCount(2)]);
    const over = await call('PUT', url, adminToken, { scores: [5, 2] });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual(['“Reads the input with scanf and checks it” is out of 4 points.']);
    // Not numbers, though z.coerce would read them as 0, 1 and 3: refused, nothing stored.
    for (const scores of [[-1, 2], [null, ''], [true, 3], ['0x3', 1], [1.5, 2], '3,4'])
      expect((await call('PUT', url, adminToken, { scores })).statusCode, JSON.stringify(scores)).toBe(400);
    expect((await call('PUT', url, s.token, { scores: [4, 6] })).statusCode).toBe(403);
    expect(await ctx.database.db.selectFrom('manual_grades').selectAll().execute()).toEqual([]);

    const graded = await call('PUT', url, adminToken, { scores: [3, 4], feedback: 'Check what scanf returns.' });
    expect(graded.statusCode).toBe(200);
    expect(graded.json()).toMatchObject({
      score: 7,
      total: 10,
      released_at: null,
      feedback: 'Check what scanf returns.',
      scores: [
        { title: RUBRIC[0]!.title, max: 4, points: 3 },
        { title: RUBRIC[1]!.title, max: 6, points: 4 },
      ],
    });
    // Not released: the student sees the rubric only, and was told nothing.
    expect((await workspaceOf(s)).grade).toBeNull();
    expect(await gradeNotices(s.token)).toEqual([]);
    // The teacher sees it everywhere, marked as not released.
    const code = (await call('GET', `/api/v1/admin/student_programs/${s.spId}/code`, adminToken)).json();
    expect(code).toMatchObject({ rubric: RUBRIC, grade: { score: 7, released_at: null } });
    const rows = (
      await call('GET', `/api/v1/admin/supervision?program_number=${PROGRAM_NUMBER}&student_batch=${BATCH}`, adminToken)
    ).json();
    expect(rows.find((r: { student_id: number }) => r.student_id === s.id).grade).toEqual({
      score: 7,
      total: 10,
      released: false,
    });
    const book = (await call('GET', `/api/v1/admin/batches/${BATCH}/gradebook`, adminToken)).json();
    const row = book.rows.find((r: { student_id: number }) => r.student_id === s.id);
    expect(row.programs[String(PROGRAM_NUMBER)]).toMatchObject({
      best_score: null,
      manual: { score: 7, total: 10, released: false },
    });
    const csv = (await call('GET', `/api/v1/admin/batches/${BATCH}/gradebook.csv`, adminToken)).body;
    expect(csv).toContain('7/10 by hand (not released)');

    const release = { program_number: PROGRAM_NUMBER, student_batch: BATCH };
    const released = await call('POST', '/api/v1/admin/grades/release', adminToken, release);
    expect(released.json()).toEqual({ released: 1 });
    const seen = (await workspaceOf(s)).grade;
    expect(seen).toMatchObject({ score: 7, total: 10, feedback: 'Check what scanf returns.' });
    expect(seen.released_at).toEqual(expect.any(String));
    expect(await gradeNotices(s.token)).toHaveLength(1);
    expect((await lastMailTo(ctx, s.email)).subject).toBe(`Your Program ${PROGRAM_NUMBER} is graded`);
    // Nothing left to release.
    const again = await call('POST', '/api/v1/admin/grades/release', adminToken, release);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([gradingMessages.noneToRelease]);

    // A correction after release is seen at once, and does not tell the student a second time.
    const corrected = await call('PUT', url, adminToken, { scores: [4, 4], feedback: 'Better.' });
    expect(corrected.json()).toMatchObject({ score: 8, released_at: seen.released_at });
    expect((await workspaceOf(s)).grade).toMatchObject({ score: 8, feedback: 'Better.' });
    expect(await gradeNotices(s.token)).toHaveLength(1);
    const after = (await call('GET', `/api/v1/admin/batches/${BATCH}/gradebook`, adminToken)).json();
    expect(
      after.rows.find((r: { student_id: number }) => r.student_id === s.id).programs[String(PROGRAM_NUMBER)].manual,
    ).toEqual({ score: 8, total: 10, released: true });
  });

  it('one grade may be released as it is saved; release of a batch leaves the other batches alone', async () => {
    const first = await studentWithProgram();
    const saved = await call('PUT', `/api/v1/admin/student_programs/${first.spId}/grade`, adminToken, {
      scores: [4, 6],
      release: true,
    });
    expect(saved.json().released_at).toEqual(expect.any(String));
    expect((await workspaceOf(first)).grade).toMatchObject({ score: 10, total: 10 });
    expect(await gradeNotices(first.token)).toHaveLength(1);

    const other = await studentWithProgramOf(ctx, adminToken, { batch: BATCH + 1, programNumber: PROGRAM_NUMBER });
    await call('PUT', `/api/v1/admin/student_programs/${other.spId}/grade`, adminToken, { scores: [1, 1] });
    const refused = await call('POST', '/api/v1/admin/grades/release', adminToken, {
      program_number: PROGRAM_NUMBER,
      student_batch: BATCH,
    });
    expect(refused.statusCode).toBe(409);
    expect((await workspaceOf(other)).grade).toBeNull();
    const all = await call('POST', '/api/v1/admin/grades/release', adminToken, { program_number: PROGRAM_NUMBER });
    expect(all.json()).toEqual({ released: 1 });
    expect((await workspaceOf(other)).grade).toMatchObject({ score: 2 });
  });

  it('releases a grade once when releases race (three at once, two "Save and release" at once)', async () => {
    const program = PROGRAM_NUMBER + 5;
    const id = (await call('POST', '/programs', adminToken, { program_number: program, task: 'Race.' })).json().id;
    await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, { rubric: RUBRIC });
    const students = [
      await studentWithProgramOf(ctx, adminToken, { batch: BATCH, programNumber: program }),
      await studentWithProgramOf(ctx, adminToken, { batch: BATCH, programNumber: program }),
    ];
    for (const s of students)
      await call('PUT', `/api/v1/admin/student_programs/${s.spId}/grade`, adminToken, { scores: [2, 2] });
    const release = { program_number: program, student_batch: BATCH };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/v1/admin/grades/release', adminToken, release)),
    );
    // Exactly one release took both grades; the others found none left and said so.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.json()).toEqual({ released: 2 });
    const mailsTo = async (email: string) =>
      (await ctx.database.db.selectFrom('outbox').select('subject').where('to_address', '=', email).execute()).filter(
        (m) => m.subject === `Your Program ${program} is graded`,
      );
    for (const s of students) {
      expect(await gradeNotices(s.token)).toHaveLength(1);
      expect(await mailsTo(s.email)).toHaveLength(1);
    }

    const third = await studentWithProgramOf(ctx, adminToken, { batch: BATCH, programNumber: program });
    const saves = await Promise.all(
      [1, 2].map(() =>
        call('PUT', `/api/v1/admin/student_programs/${third.spId}/grade`, adminToken, {
          scores: [3, 3],
          release: true,
        }),
      ),
    );
    expect(saves.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(saves.map((a) => a.json().released_at)).toEqual([expect.any(String), saves[0]!.json().released_at]);
    expect(await gradeNotices(third.token)).toHaveLength(1);
    expect(await mailsTo(third.email)).toHaveLength(1);
  });

  it('grades and comments are signed with the instructor’s name from Site Settings, not "Course Admin"', async () => {
    const s = await studentWithProgram();
    const url = `/api/v1/admin/student_programs/${s.spId}/grade`;
    // While Site Settings still holds the first-start name, the admin account's own name signs.
    expect((await call('PUT', url, adminToken, { scores: [1, 1] })).json().graded_by).toBe('Course Admin');

    const view = (await call('GET', '/api/v1/admin/settings', adminToken)).json();
    const named = await call('PUT', '/api/v1/admin/settings', adminToken, {
      ...view.settings,
      instructorName: 'Anita Menon',
    });
    expect(named.statusCode).toBe(200);
    try {
      const graded = await call('PUT', url, adminToken, { scores: [2, 3], release: true });
      expect(graded.json().graded_by).toBe('Anita Menon');
      expect((await workspaceOf(s)).grade.graded_by).toBe('Anita Menon');
      const comment = await call('POST', `/api/v1/admin/student_programs/${s.spId}/comments`, adminToken, {
        line: 1,
        body: 'Check what scanf returns.',
      });
      expect(comment.json().author).toBe('Anita Menon');
      expect((await workspaceOf(s)).comments).toMatchObject([{ line: 1, author: 'Anita Menon' }]);
    } finally {
      await call('PUT', '/api/v1/admin/settings', adminToken, view.settings);
    }
  });

  it('refuses a grade of a program without a rubric, and of no such student program', async () => {
    const bare = (await call('POST', '/programs', adminToken, { program_number: 4302, task: 'Bare.' })).json();
    const s = await studentWithProgramOf(ctx, adminToken, { batch: BATCH, programNumber: bare.program_number });
    const refused = await call('PUT', `/api/v1/admin/student_programs/${s.spId}/grade`, adminToken, { scores: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([gradingMessages.scoresCount(0)]);
    const none = await call('PUT', '/api/v1/admin/student_programs/99999/grade', adminToken, { scores: [1] });
    expect(none.statusCode).toBe(404);
  });
});
