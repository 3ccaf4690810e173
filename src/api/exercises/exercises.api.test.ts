import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminTestApp,
  studentWithProgram as studentWithProgramOf,
  verifiedStudent,
} from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { dodonaFixtureFiles } from '../../../test/dodona-fixture.js';
import { functionEndedMessage } from '../../contracts/exercises/limits.js';
import { outdatedCommentText } from '../../contracts/exercises/supervision.js';

let ctx: TestContext;
let adminToken: string;
let programId: number;
const PROGRAM_NUMBER = 4201;

const SUM =
  '#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf("%d %d", &a, &b) != 2) return 1;\n  printf("%d\\n", a + b);\n  return 0;\n}\n';
const TESTS = [
  { stdin: '2 3\n', expected_output: '5\n', visible: true, points: 2 },
  { stdin: '10 -4\n', expected_output: '6\n', visible: true, points: 3 },
  { stdin: '-7 -8\n', expected_output: '-15\n', visible: false, points: 5 },
];
/** A test as saved when it names no checker, tolerance or arguments. */
const asSaved = <T extends object>(test: T) => ({
  shown: 'always',
  hide_rest_if_fail: false,
  checker: 'trimmed',
  tolerance: 0.001,
  args: [],
  files: [],
  expected_files: [],
  test_code: '',
  ...test,
});

/** A test as a student sees it before submitting (an example): without how its result is shown. */
const asExample = <T extends object>(test: T) => {
  const { shown: _shown, hide_rest_if_fail: _hideRest, ...example } = asSaved(test);
  return example;
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const studentWithProgram = () => studentWithProgramOf(ctx, adminToken, { batch: 42, programNumber: PROGRAM_NUMBER });

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
  const created = await call('POST', '/programs', adminToken, {
    program_number: PROGRAM_NUMBER,
    task: 'Print the sum of two numbers.',
  });
  programId = created.json().id;
  await ctx.app.grader.warmUp();
}, 120_000);
afterAll(() => ctx.close());

describe('C exercises', () => {
  it('the admin sets starter code and test cases, and tries a reference solution against them', async () => {
    const saved = await call('PUT', `/api/v1/programs/${programId}/exercise`, adminToken, {
      starter_code: '#include <stdio.h>\n\nint main(void) {\n  return 0;\n}\n',
      tests: TESTS,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().tests).toEqual(TESTS.map(asSaved));
    const tried = await call('POST', `/api/v1/programs/${programId}/exercise/try`, adminToken, { code: SUM });
    expect(tried.statusCode).toBe(200);
    expect(tried.json()).toMatchObject({ score: 10, total: 10 });
    // The admin sees the hidden test's output too.
    expect(tried.json().tests[2]).toMatchObject({ visible: false, verdict: 'passed', actual_output: '-15\n' });
    const wrong = await call('POST', `/api/v1/programs/${programId}/exercise/try`, adminToken, {
      code: SUM,
      tests: [{ stdin: '1 1', expected_output: '3' }],
    });
    expect(wrong.json().tests[0]).toMatchObject({
      verdict: 'wrong_answer',
      expected_output: '3',
      actual_output: '2\n',
    });
    expect((await call('GET', `/api/v1/programs/${programId}/exercise`, adminToken)).json().tests).toHaveLength(3);
  });

  it('a student writes, saves a draft, runs with input, submits, and sees the score and the history', async () => {
    const s = await studentWithProgram();
    const workspace = (await call('GET', `/api/v1/student_programs/${s.spId}/workspace`, s.token)).json();
    expect(workspace).toMatchObject({
      program_number: PROGRAM_NUMBER,
      starter_code: expect.stringContaining('int main'),
      draft_code: null,
      hidden_tests: 1,
      total_points: 10,
      closed: false,
    });
    // Hidden tests stay hidden.
    expect(workspace.visible_tests).toEqual([
      asExample({ stdin: '2 3\n', expected_output: '5\n', points: 2 }),
      asExample({ stdin: '10 -4\n', expected_output: '6\n', points: 3 }),
    ]);

    expect(
      (await call('PUT', `/api/v1/student_programs/${s.spId}/draft`, s.token, { code: '// thinking' })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/v1/student_programs/${s.spId}/workspace`, s.token)).json().draft_code).toBe(
      '// thinking',
    );

    const ran = await call('POST', `/api/v1/student_programs/${s.spId}/run`, s.token, { code: SUM, stdin: '40 2' });
    expect(ran.statusCode).toBe(200);
    expect(ran.json()).toMatchObject({ compile: { ok: true }, run: { status: 'ok', stdout: '42\n', exit_code: 0 } });
    // Run gives the program command-line arguments, as a test does; Step through too.
    const ARGS =
      '#include <stdio.h>\nint main(int argc, char **argv) {\n  for (int i = 1; i < argc; i++) printf("[%s]", argv[i]);\n  printf("\\n");\n  return 0;\n}\n';
    const withArgs = await call('POST', `/api/v1/student_programs/${s.spId}/run`, s.token, {
      code: ARGS,
      args: ['5', 'two words', ''],
    });
    expect(withArgs.json().run.stdout).toBe('[5][two words][]\n');
    const traced = await call('POST', `/api/v1/student_programs/${s.spId}/trace`, s.token, {
      code: ARGS,
      args: ['7'],
    });
    expect(traced.statusCode).toBe(200);
    expect(traced.json().trace.stdout).toBe('[7]\n');

    const wrong = await call('POST', `/api/v1/student_programs/${s.spId}/submissions`, s.token, {
      code: SUM.replace('a + b', 'a - b'),
    });
    expect(wrong.statusCode).toBe(201);
    expect(wrong.json()).toMatchObject({ status: 'graded', score: 0, total: 10 });
    const right = await call('POST', `/api/v1/student_programs/${s.spId}/submissions`, s.token, { code: SUM });
    expect(right.json()).toMatchObject({ status: 'graded', score: 10, total: 10 });
    expect(right.json().result.tests[2]).toMatchObject({
      visible: false,
      verdict: 'passed',
      stdin: null,
      actual_output: null,
    });
    const broken = await call('POST', `/api/v1/student_programs/${s.spId}/submissions`, s.token, {
      code: 'int main(void) { return x; }',
    });
    expect(broken.json()).toMatchObject({ status: 'compile_error', score: 0 });
    expect(broken.json().result.compile.diagnostics[0]).toMatchObject({ line: 1, severity: 'error' });

    const after = (await call('GET', `/api/v1/student_programs/${s.spId}/workspace`, s.token)).json();
    expect(after.best_score).toBe(10);
    expect(after.submissions.map((x: { score: number }) => x.score)).toEqual([0, 10, 0]);
    const detail = await call('GET', `/api/v1/student_programs/${s.spId}/submissions/${right.json().id}`, s.token);
    expect(detail.json()).toMatchObject({ code: SUM, score: 10 });
    // Submitting is also the original client's solution: the teacher's solution view has it.
    const progs = (await call('GET', `/student_programs/get_my_progs/${s.id}`, s.token)).json();
    expect(progs.find((p: { id: number }) => p.id === s.spId).solution).toBe('int main(void) { return x; }');
    // With test cases: graded, as the card and the editor say.
    expect(progs.find((p: { id: number }) => p.id === s.spId).graded).toBe(true);
  });

  it('the teacher watches the batch live, opens a student’s code and comments on a line the student then sees', async () => {
    const s = await studentWithProgram();
    await call('POST', `/api/v1/student_programs/${s.spId}/run`, s.token, {
      code: 'int main(void) { for (;;) {} }',
      stdin: '',
    });
    const rows = (
      await call('GET', `/api/v1/admin/supervision?program_number=${PROGRAM_NUMBER}&student_batch=42`, adminToken)
    ).json();
    const row = rows.find((r: { student_program_id: number }) => r.student_program_id === s.spId);
    expect(row).toMatchObject({
      email: s.email,
      last_run_summary: 'Run: time limit',
      best_score: null,
      submissions: 0,
    });
    expect(row.draft_saved_at).not.toBeNull();

    const code = (await call('GET', `/api/v1/admin/student_programs/${s.spId}/code`, adminToken)).json();
    expect(code).toMatchObject({
      code: 'int main(void) { for (;;) {} }',
      source: 'draft',
      student: { email: s.email },
    });
    const comment = await call('POST', `/api/v1/admin/student_programs/${s.spId}/comments`, adminToken, {
      line: 1,
      body: 'This loop never ends: what should stop it?',
    });
    expect(comment.statusCode).toBe(201);
    const seen = (await call('GET', `/api/v1/student_programs/${s.spId}/workspace`, s.token)).json();
    expect(seen.comments).toEqual([
      expect.objectContaining({
        line: 1,
        body: 'This loop never ends: what should stop it?',
        author: expect.any(String),
      }),
    ]);
  });

  it('a line comment stays with the line it was written on, and is outdated once that line changes', async () => {
    const s = await studentWithProgram();
    const saveDraft = (code: string) => call('PUT', `/api/v1/student_programs/${s.spId}/draft`, s.token, { code });
    const commentsSeen = async () =>
      (await call('GET', `/api/v1/student_programs/${s.spId}/workspace`, s.token)).json().comments;
    await saveDraft('int main(void) {\n  int nums[2];\n  nums[2] = 5;\n}');
    const made = await call('POST', `/api/v1/admin/student_programs/${s.spId}/comments`, adminToken, {
      line: 2,
      body: 'nums has room for only 2 ints.',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ line: 2, now_line: 2, line_text: '  int nums[2];', written_on: 'draft' });

    // Two lines written above it: the comment moves down with its line, in the student's and the teacher's views.
    await saveDraft('#include <stdio.h>\n\nint main(void) {\n  int nums[2];\n  nums[2] = 5;\n}');
    expect(await commentsSeen()).toMatchObject([{ line: 2, now_line: 4, line_text: '  int nums[2];' }]);
    const teacher = (await call('GET', `/api/v1/admin/student_programs/${s.spId}/code`, adminToken)).json();
    expect(teacher.comments).toMatchObject([{ now_line: 4 }]);

    // The line itself changed: the comment no longer points at any line, and says what it was written on.
    await saveDraft('#include <stdio.h>\n\nint main(void) {\n  int nums[3];\n  nums[2] = 5;\n}');
    const [outdated] = await commentsSeen();
    expect(outdated).toMatchObject({ line: 2, now_line: null, line_text: '  int nums[2];', written_on: 'draft' });
    expect(outdatedCommentText(outdated)).toBe('Line 2 of the draft read “int nums[2];”, and has changed since.');
    const work = (await call('GET', `/api/v1/admin/students/${s.id}/work`, adminToken)).json();
    expect(
      work.programs.find((p: { student_program_id: number }) => p.student_program_id === s.spId).comments,
    ).toMatchObject([{ now_line: null }]);
  });

  it('keeps students to their own programs and the admin screens to the admin', async () => {
    const a = await studentWithProgram();
    const b = await studentWithProgram();
    for (const [method, url, body] of [
      ['GET', `/api/v1/student_programs/${a.spId}/workspace`, undefined],
      ['PUT', `/api/v1/student_programs/${a.spId}/draft`, { code: 'x' }],
      ['POST', `/api/v1/student_programs/${a.spId}/run`, { code: SUM, stdin: '' }],
      ['POST', `/api/v1/student_programs/${a.spId}/submissions`, { code: SUM }],
    ] as const) {
      expect((await call(method, url, b.token, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    }
    expect((await call('GET', `/api/v1/admin/student_programs/${a.spId}/code`, b.token)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/v1/admin/student_programs/${a.spId}/comments`, b.token, { line: 1, body: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/v1/admin/supervision?program_number=${PROGRAM_NUMBER}`, b.token)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/api/v1/programs/${programId}/exercise`, b.token, { tests: [] })).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/programs/${programId}/exercise`, b.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/student_programs/${a.spId}/workspace`, a.token)).json().draft_code).toBeNull();
  });

  it('answers bad input with a clear 400, one job at a time with a 429, and a closed program with a 409', async () => {
    const s = await studentWithProgram();
    const url = `/api/v1/student_programs/${s.spId}`;
    const cases: [string, unknown, RegExp][] = [
      ['/run', { code: '', stdin: '' }, /Write some code first/],
      ['/run', { code: '   \n', stdin: '' }, /Write some code first/],
      ['/run', { code: 'x'.repeat(64 * 1024 + 1), stdin: '' }, /at most 64 KB/],
      ['/run', { code: SUM, stdin: 'y'.repeat(64 * 1024 + 1) }, /input must be at most 64 KB/],
      ['/run', { code: 42 }, /./],
      ['/run', { code: SUM, args: Array.from({ length: 21 }, () => 'a') }, /At most 20 arguments/],
      ['/run', { code: SUM, args: ['a'.repeat(201)] }, /at most 200 characters/],
      ['/submissions', {}, /Write some code first/],
      ['/submissions', { code: SUM, extra: true }, /./],
    ];
    for (const [path, body, message] of cases) {
      const res = await call('POST', `${url}${path}`, s.token, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
      expect(res.json().errors.join(' ')).toMatch(message);
    }
    expect((await call('PUT', `${url}/draft`, s.token, { code: 'z'.repeat(64 * 1024 + 1) })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 51 }, () => ({ stdin: '', expected_output: '' }));
    expect(
      (await call('PUT', `/api/v1/programs/${programId}/exercise`, adminToken, { tests: tooMany })).statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', `/api/v1/programs/${programId}/exercise`, adminToken, {
          tests: [{ stdin: 'q'.repeat(70_000), expected_output: '' }],
        })
      ).statusCode,
    ).toBe(400);
    expect((await call('PUT', `/api/v1/programs/999999/exercise`, adminToken, { tests: [] })).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/student_programs/999999/workspace`, s.token)).statusCode).toBe(404);
    // The saved tests were not touched by the refused saves.
    expect((await call('GET', `/api/v1/programs/${programId}/exercise`, adminToken)).json().tests).toEqual(
      TESTS.map(asSaved),
    );

    // One compile or run in flight per student: a second at once is refused, and the site keeps answering.
    let slowEnded = false;
    const slow = call('POST', `${url}/run`, s.token, { code: 'int main(void) { for (;;) {} }', stdin: '' }).finally(
      () => (slowEnded = true),
    );
    // The slot is a counter row shared by every process; send the second once the slow run holds it.
    const slotTaken = () =>
      ctx.database.db.selectFrom('counters').select('count').where('key', '=', `grader-job:${s.id}`).executeTakeFirst();
    while (!(await slotTaken()) && !slowEnded) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(slowEnded).toBe(false);
    const second = await call('POST', `${url}/run`, s.token, { code: SUM, stdin: '1 2' });
    expect(second.statusCode).toBe(429);
    expect(second.json().errors).toEqual([
      'You already have a program compiling or running. Please wait for it to finish.',
    ]);
    const started = Date.now();
    expect((await call('GET', '/courses/', s.token)).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await slow).json().run).toMatchObject({ status: 'time_limit' });

    await call('POST', `/api/v1/programs/${programId}/close`, adminToken, { closed: true });
    const closed = await call('POST', `${url}/submissions`, s.token, { code: SUM });
    expect(closed.statusCode).toBe(409);
    expect((await call('POST', `${url}/run`, s.token, { code: SUM, stdin: '1 2' })).json().run.stdout).toBe('3\n');
    await call('POST', `/api/v1/programs/${programId}/close`, adminToken, { closed: false });
  });

  it('answers a program that crashes the compiler with a compile error saying so, not "grader unavailable"', async () => {
    const s = await studentWithProgram();
    const crash = '#pragma clang __debug crash\nint main(void) { return 0; }\n';
    const ran = await call('POST', `/api/v1/student_programs/${s.spId}/run`, s.token, { code: crash, stdin: '' });
    expect(ran.statusCode).toBe(200);
    expect(ran.json()).toMatchObject({
      compile: {
        ok: false,
        diagnostics: [
          { line: 1, severity: 'error', message: expect.stringMatching(/^The compiler crashed on this program/) },
        ],
      },
      run: null,
    });
    const submitted = await call('POST', `/api/v1/student_programs/${s.spId}/submissions`, s.token, { code: crash });
    expect(submitted.statusCode).toBe(201);
    expect(submitted.json()).toMatchObject({ status: 'compile_error', score: 0 });
    // A program calling a function the runner doesn't provide: a run error that names it.
    const imported = await call('POST', `/api/v1/student_programs/${s.spId}/run`, s.token, {
      code: '__attribute__((import_module("env"), import_name("nope"))) void nope(void);\nint main(void) { nope(); return 0; }\n',
      stdin: '',
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().run).toMatchObject({
      status: 'runtime_error',
      message: expect.stringContaining('cannot provide: env.nope'),
    });
  });

  it('each test keeps its checker, tolerance and arguments; a student sees them and what differed', async () => {
    const created = await call('POST', '/programs', adminToken, { program_number: 4204, task: 'Area of a circle.' });
    const id = created.json().id;
    // Reads the radius from argv[1]; prints the area to 4 places.
    const AREA =
      '#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char **argv) {\n  if (argc < 2) return 1;\n  double r = atof(argv[1]);\n  printf("Area: %.4f\\n", 3.14159265358979 * r * r);\n  return 0;\n}\n';
    const tests = [
      { expected_output: 'Area: 3.14159', checker: 'numbers', tolerance: 0.0001, args: ['1'], points: 2 },
      { expected_output: 'area: 12.5664', checker: 'ignore_case', args: ['2'], points: 1 },
      { expected_output: String.raw`Area: \d+\.\d{4}`, checker: 'regex', args: ['10'], points: 1, visible: false },
    ];
    const put = await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, { tests });
    expect(put.statusCode).toBe(200);
    expect(put.json().tests).toEqual([
      asSaved({ stdin: '', visible: true, ...tests[0] }),
      asSaved({ stdin: '', visible: true, ...tests[1] }),
      asSaved({ stdin: '', ...tests[2] }),
    ]);
    const tried = (await call('POST', `/api/v1/programs/${id}/exercise/try`, adminToken, { code: AREA })).json();
    expect(tried).toMatchObject({ score: 4, total: 4 });
    // Off by more than the tolerance: the visible test says which value and by how much it may differ.
    const off = (
      await call('POST', `/api/v1/programs/${id}/exercise/try`, adminToken, {
        code: AREA.replace('3.14159265358979', '3.14'),
      })
    ).json();
    expect(off.tests.map((t: { verdict: string }) => t.verdict)).toEqual(['wrong_answer', 'wrong_answer', 'passed']);
    expect(off.tests[0].message).toBe(
      'The output is not what was expected. Value 2: expected 3.14159 (give or take 0.0001), got 3.1400.',
    );
    // A test's result says what it was given besides the keyboard (the teacher's try shows hidden tests too).
    expect(off.tests[0]).toMatchObject({ args: ['1'], input_files: [] });
    expect(off.tests[2]).toMatchObject({ visible: false, args: ['10'], input_files: [] });

    // Refused, with the reason, and nothing saved: a pattern that is not one, a checker that does not exist, too
    // many or too long arguments.
    for (const [bad, message] of [
      [{ expected_output: '(', checker: 'regex' }, /The pattern is not a valid regular expression/],
      [{ expected_output: 'x', checker: 'fuzzy' }, /Choose how the output is checked/],
      [{ expected_output: 'x', args: Array.from({ length: 21 }, () => 'a') }, /At most 20 arguments/],
      [{ expected_output: 'x', args: ['a'.repeat(201)] }, /at most 200 characters/],
      [{ expected_output: 'x', checker: 'numbers', tolerance: -1 }, /The tolerance must be 0 or more/],
    ] as const) {
      const refused = await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, { tests: [bad] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.join(' ')).toMatch(message);
    }
    expect((await call('GET', `/api/v1/programs/${id}/exercise`, adminToken)).json().tests).toHaveLength(3);

    // A test checked by the checker program needs one; the one saved is used by Try and kept with the tests.
    const byProgram = [{ expected_output: 'Area: 3.14', checker: 'program', args: ['1'] }];
    const noChecker = await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, { tests: byProgram });
    expect(noChecker.statusCode).toBe(400);
    expect(noChecker.json().errors).toEqual(['A test is checked by the checker program: write the checker program.']);
    const checker =
      '#include <stdio.h>\nint main(void) {\n  double want, got;\n  FILE *e = fopen("expected.txt", "r"), *a = fopen("actual.txt", "r");\n  if (fscanf(e, "Area: %lf", &want) == 1 && fscanf(a, "Area: %lf", &got) == 1 && got > want - 0.01 && got < want + 0.01) puts("pass");\n  else puts("fail\\nThe area is off by more than 0.01.");\n  return 0;\n}\n';
    const withChecker = await call('POST', `/api/v1/programs/${id}/exercise/try`, adminToken, {
      code: AREA,
      tests: byProgram,
      checker_code: checker,
    });
    expect(withChecker.json()).toMatchObject({ score: 1, total: 1 });
    const offByChecker = await call('POST', `/api/v1/programs/${id}/exercise/try`, adminToken, {
      code: AREA.replace('3.14159265358979', '3.2'),
      tests: byProgram,
      checker_code: checker,
    });
    expect(offByChecker.json().tests[0].message).toBe(
      'The output is not what was expected. The area is off by more than 0.01.',
    );
    // Saved with the tests, the checker is the one Try uses when none is sent (not an empty one).
    const keptTests = (await call('GET', `/api/v1/programs/${id}/exercise`, adminToken)).json().tests;
    const savedChecker = await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, {
      tests: [...keptTests, ...byProgram],
      checker_code: checker,
    });
    expect(savedChecker.statusCode).toBe(200);
    // A checker that does not compile, never ends or prints no verdict is refused when saved, with why; nothing
    // changes.
    const sum = keptTests.length + 1;
    for (const [bad, message] of [
      [
        'int main(void) { return x; }',
        /^The checker program does not compile \(line 1: use of undeclared identifier 'x'\)\. Fix it before saving/,
      ],
      [
        'int main(void) { for (;;) {} }',
        new RegExp(
          `^The checker program was tried on test ${sum} with its expected output and gave no verdict: it ran out of time`,
        ),
      ],
      [
        '#include <stdio.h>\nint main(void) { puts("maybe"); return 0; }',
        /gave no verdict: it printed neither pass nor fail first\. Fix it before saving: the tests it checks would not be checked\.$/,
      ],
    ] as const) {
      const refused = await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, {
        tests: [...keptTests, ...byProgram],
        checker_code: bad,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.join(' ')).toMatch(message);
    }
    expect((await call('GET', `/api/v1/programs/${id}/exercise`, adminToken)).json().checker_code).toBe(checker);
    const bySaved = (await call('POST', `/api/v1/programs/${id}/exercise/try`, adminToken, { code: AREA })).json();
    expect(bySaved.tests.at(-1)).toMatchObject({ verdict: 'passed', message: null });
    await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, { tests: keptTests, checker_code: '' });

    const s = await studentWithProgramOf(ctx, adminToken, { batch: 43, programNumber: 4204 });
    const workspace = (await call('GET', `/api/v1/student_programs/${s.spId}/workspace`, s.token)).json();
    expect(workspace.visible_tests).toEqual([
      asExample({
        stdin: '',
        expected_output: 'Area: 3.14159',
        points: 2,
        checker: 'numbers',
        tolerance: 0.0001,
        args: ['1'],
      }),
      asExample({ stdin: '', expected_output: 'area: 12.5664', points: 1, checker: 'ignore_case', args: ['2'] }),
    ]);
    const graded = (
      await call('POST', `/api/v1/student_programs/${s.spId}/submissions`, s.token, { code: AREA })
    ).json();
    expect(graded).toMatchObject({ score: 4, total: 4 });
    // A hidden test's failure never quotes what was expected.
    const hiddenWrong = (
      await call('POST', `/api/v1/student_programs/${s.spId}/submissions`, s.token, {
        code: AREA.replace('%.4f', '%.2f'),
      })
    ).json();
    expect(hiddenWrong.result.tests[2]).toMatchObject({
      verdict: 'wrong_answer',
      message: 'The output is not what was expected.',
      expected_output: null,
      stdin: null,
      args: [],
      input_files: [],
    });
  });

  it('a test gives files and expects files; Run takes files and shows what the program wrote', async () => {
    const created = await call('POST', '/programs', adminToken, { program_number: 4205, task: 'Copy in to out.' });
    const id = created.json().id;
    const COPY =
      '#include <stdio.h>\nint main(void) {\n  FILE *in = fopen("in.txt", "r"), *out = fopen("out.txt", "w");\n  int c;\n  while ((c = fgetc(in)) != EOF) fputc(c, out);\n  fclose(in);\n  fclose(out);\n  return 0;\n}\n';
    const test = {
      expected_output: '',
      checker: 'ignore',
      files: [{ name: 'in.txt', content: 'line one\nline two\n' }],
      expected_files: [{ name: 'out.txt', content: 'line one\nline two\n' }],
    };
    const put = await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, { tests: [test] });
    expect(put.statusCode).toBe(200);
    expect(put.json().tests).toEqual([asSaved({ stdin: '', visible: true, points: 1, ...test })]);

    // Refused with the reason, nothing saved: a name with a folder, a hidden name, two files of one name, too many.
    const file = (name: string) => ({ name, content: 'x' });
    for (const [files, message] of [
      [[file('../etc/passwd')], /no folders/],
      [[file('.hidden')], /no folders/],
      [[file('a.txt'), file('a.txt')], /Two input files have the same name/],
      [['a', 'b', 'c', 'd', 'e', 'f'].map(file), /At most 5 input files/],
      [[{ name: 'big.txt', content: 'x'.repeat(64 * 1024 + 1) }], /A file must be at most 64 KB/],
    ] as const) {
      const refused = await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, {
        tests: [{ expected_output: '', files }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.join(' ')).toMatch(message);
    }
    expect((await call('GET', `/api/v1/programs/${id}/exercise`, adminToken)).json().tests[0].files).toEqual(
      test.files,
    );

    const s = await studentWithProgramOf(ctx, adminToken, { batch: 44, programNumber: 4205 });
    const url = `/api/v1/student_programs/${s.spId}`;
    const workspace = (await call('GET', `${url}/workspace`, s.token)).json();
    expect(workspace.visible_tests[0]).toMatchObject({ files: test.files, expected_files: test.expected_files });
    const ran = await call('POST', `${url}/run`, s.token, {
      code: COPY,
      stdin: '',
      files: [{ name: 'in.txt', content: 'hello\n' }],
    });
    expect(ran.statusCode).toBe(200);
    expect(ran.json().run).toMatchObject({
      status: 'ok',
      files: [{ name: 'out.txt', content: 'hello\n', binary: false }],
    });
    // Without the file it reads, the copy crashes on the NULL it got from fopen, and says where.
    const without = (await call('POST', `${url}/run`, s.token, { code: COPY, stdin: '' })).json();
    expect(without.run).toMatchObject({
      status: 'runtime_error',
      line: 5,
      problem: 'null_file',
      message: expect.stringMatching(/^Line 5: fgetc was given NULL instead of an open file\. fopen returns NULL/),
    });

    expect((await call('POST', `${url}/submissions`, s.token, { code: COPY })).json()).toMatchObject({ score: 1 });
    const wrong = (
      await call('POST', `${url}/submissions`, s.token, { code: COPY.replace('fputc(c, out)', 'fputc(c + 1, out)') })
    ).json();
    expect(wrong.result.tests[0]).toMatchObject({
      verdict: 'wrong_answer',
      files: [{ name: 'out.txt', expected: 'line one\nline two\n', actual: 'mjof!pof\u000bmjof!uxp\u000b' }],
      input_files: [{ name: 'in.txt', content: 'line one\nline two\n' }],
    });
  });

  it('a function exercise: tests call the student’s function; Run calls it and judges each visible example', async () => {
    const created = await call('POST', '/programs', adminToken, {
      program_number: 4206,
      task: 'Write int max(int *a, int n).',
    });
    const id = created.json().id;
    const tests = [
      { expected_output: '', checker: 'ignore', test_code: 'int a[] = {3, 9, 4};\nassert_eq(max(a, 3), 9);' },
      { expected_output: '', checker: 'ignore', test_code: 'int b[] = {7, 2};\nassert_eq(max(b, 2), 7);' },
      {
        expected_output: '',
        checker: 'ignore',
        test_code: 'int a[] = {-1};\nassert_eq(max(a, 1), -1);',
        visible: false,
      },
    ];
    expect((await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, { tests })).statusCode).toBe(200);
    const tooLong = await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, {
      tests: [{ expected_output: '', test_code: 'x'.repeat(16 * 1024 + 1) }],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.join(' ')).toMatch(/The test code must be at most 16 KB/);

    const s = await studentWithProgramOf(ctx, adminToken, { batch: 45, programNumber: 4206 });
    const url = `/api/v1/student_programs/${s.spId}`;
    const workspace = (await call('GET', `${url}/workspace`, s.token)).json();
    expect(workspace.visible_tests.map((t: { test_code: string }) => t.test_code)).toEqual([
      tests[0]!.test_code,
      tests[1]!.test_code,
    ]);
    expect(JSON.stringify(workspace)).not.toContain('max(a, 1)');

    const MAX =
      'int max(int *a, int n) {\n  int m = a[0];\n  for (int i = 1; i < n; i++)\n    if (a[i] > m) m = a[i];\n  return m;\n}\n';
    const ran = (
      await call('POST', `${url}/run`, s.token, {
        code: `#include <stdio.h>\n${MAX.replace('return m;', 'printf("max is %d\\n", m);\n  return m;')}`,
        stdin: '',
      })
    ).json();
    // Run calls the functions with the first example's code, and judges every visible example (never a hidden one).
    expect(ran).toMatchObject({ compile: { ok: true }, run: { status: 'ok', stdout: 'max is 9\n' } });
    expect(ran.examples.map((t: { index: number; verdict: string }) => [t.index, t.verdict])).toEqual([
      [0, 'passed'],
      [1, 'passed'],
    ]);
    const firstOnly = (
      await call('POST', `${url}/run`, s.token, { code: MAX.replace('int m = a[0]', 'int m = a[n - 1]'), stdin: '' })
    ).json();
    expect(firstOnly.examples).toMatchObject([
      { index: 0, verdict: 'passed' },
      { index: 1, visible: true, message: expect.stringContaining('max(b, 2)') },
    ]);
    expect(firstOnly.examples[1].verdict).not.toBe('passed');
    expect(JSON.stringify(firstOnly)).not.toContain('max(a, 1)');
    // The first example's failed check is the run's message, in words; stderr keeps nothing of the harness's.
    const zero = (
      await call('POST', `${url}/run`, s.token, { code: 'int max(int *a, int n) { return 0; }', stdin: '' })
    ).json();
    expect(zero.run).toMatchObject({ message: 'max(a, 3) returned 0; expected 9.', stderr: '' });
    // A run that does not compile judges nothing.
    const broken = (await call('POST', `${url}/run`, s.token, { code: 'int max(int *a, int n) {', stdin: '' })).json();
    expect(broken.compile.ok).toBe(false);
    expect(broken).not.toHaveProperty('examples');
    const graded = (await call('POST', `${url}/submissions`, s.token, { code: MAX })).json();
    expect(graded).toMatchObject({ score: 3, total: 3 });
    const wrong = (await call('POST', `${url}/submissions`, s.token, { code: MAX.replace('a[0]', '0') })).json();
    expect(wrong.result.tests.map((t: { message: string | null }) => t.message)).toEqual([
      null,
      'max(b, 2) returned 2; expected 7.',
      'A check of this hidden test failed.',
    ]);
    // A function that ends the program passes nothing, hidden tests included, and is told why.
    const ended = (
      await call('POST', `${url}/submissions`, s.token, {
        code: '#include <stdlib.h>\nint max(int *a, int n) {\n  exit(0);\n}\n',
      })
    ).json();
    expect(ended.result).toMatchObject({ score: 0 });
    expect(ended.result.tests.map((t: { message: string | null }) => t.message)).toEqual([
      functionEndedMessage(0),
      functionEndedMessage(0),
      functionEndedMessage(0),
    ]);
  });

  it('imports the C exercises of a Dodona folder, each solved by its own solution; refuses a body both or neither', async () => {
    const imported = await call('POST', '/api/v1/programs/import', adminToken, { files: dodonaFixtureFiles() });
    expect(imported.statusCode).toBe(201);
    const report = imported.json();
    expect(report.imported.map((p: { task: string; tests: number }) => [p.task.split('\n')[0], p.tests])).toEqual([
      ['Count the passes', 1],
      ['Sum of two numbers', 4],
    ]);
    expect(report.skipped.map((s: { name: string }) => s.name)).toEqual(['dodona/max-function', 'dodona/python-echo']);
    for (const program of report.imported as { id: number }[]) {
      const exercise = (await call('GET', `/api/v1/programs/${program.id}/exercise`, adminToken)).json();
      const tried = (
        await call('POST', `/api/v1/programs/${program.id}/exercise/try`, adminToken, {
          code: exercise.reference_solution,
        })
      ).json();
      expect(tried.score, JSON.stringify(tried.tests)).toBe(tried.total);
    }
    // One 60 KB file named by many tests would be copied into each: a program past 1 MB is left out, not stored.
    const big = 'x'.repeat(60 * 1024);
    const many = Array.from({ length: 20 }, () => '    - stdin: !path big.txt\n      stdout: !path big.txt\n').join('');
    const amplified = await call('POST', '/api/v1/programs/import', adminToken, {
      files: [
        { path: 'amp/config.json', content: '{"programming_language":"c","evaluation":{"handler":"TESTed"}}' },
        { path: 'amp/description/description.en.md', content: 'Echo a big file.' },
        { path: 'amp/evaluation/workdir/big.txt', content: big },
        { path: 'amp/evaluation/suite.yaml', content: `- tab: T\n  testcases:\n${many}` },
      ],
    });
    expect(amplified.json()).toEqual({
      imported: [],
      skipped: [{ name: 'Echo a big file.', reason: 'with its tests and files it is larger than 1 MB' }],
      dropped: [],
    });
    const before = (await call('GET', '/programs', adminToken)).json().length;
    for (const body of [{}, { content: 'x', files: [{ path: 'a', content: 'b' }] }, { files: [] }]) {
      const refused = await call('POST', '/api/v1/programs/import', adminToken, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toContain('Choose a file or a folder to import.');
    }
    expect((await call('GET', '/programs', adminToken)).json()).toHaveLength(before);
  });

  it('a CodeRunner question keeps its display flags, "hide the rest if this fails" and its penalty regime', async () => {
    const test = (stdin: string, expected: string, display: string, hideRest = 0) =>
      `<testcase testtype="0" hiderestiffail="${hideRest}" mark="1"><stdin><text>${stdin}</text></stdin>` +
      `<expected><text>${expected}</text></expected><display><text>${display}</text></display></testcase>`;
    const xml =
      '<?xml version="1.0"?><quiz><question type="coderunner"><name><text>Sum, with penalties</text></name>' +
      `<coderunnertype>c_program</coderunnertype><allornothing>0</allornothing><penaltyregime>10, 20, ...</penaltyregime>` +
      `<answer><![CDATA[${SUM}]]></answer><testcases>` +
      test('2 3', '5', 'SHOW', 1) +
      test('1 1', '2', 'HIDE_IF_FAIL') +
      test('4 4', '8', 'HIDE_IF_SUCCEED') +
      test('0 0', '0', 'SHOW') +
      '</testcases></question></quiz>';
    const imported = (await call('POST', '/api/v1/programs/import', adminToken, { content: xml })).json();
    expect(imported.dropped).toEqual([]);
    const program = imported.imported[0] as { id: number; program_number: number };
    const exercise = (await call('GET', `/api/v1/programs/${program.id}/exercise`, adminToken)).json();
    expect(exercise.coderunner).toMatchObject({ penalty_regime: '10, 20, ...', template_grader: false });
    expect(
      exercise.tests.map((t: { shown: string; hide_rest_if_fail: boolean }) => [t.shown, t.hide_rest_if_fail]),
    ).toEqual([
      ['always', true],
      ['when_passed', false],
      ['when_failed', false],
      ['always', false],
    ]);
    const s = await studentWithProgramOf(ctx, adminToken, { batch: 43, programNumber: program.program_number });
    const url = `/api/v1/student_programs/${s.spId}`;
    const workspace = (await call('GET', `${url}/workspace`, s.token)).json();
    // Shown before submitting: only the tests shown whatever their result.
    expect(workspace).toMatchObject({ penalty_regime: '10, 20, ...', hidden_tests: 2, total_points: 40 });
    expect(workspace.visible_tests.map((t: { stdin: string }) => t.stdin)).toEqual(['2 3', '0 0']);
    expect(workspace.visible_tests[0]).not.toHaveProperty('shown');

    const submit = async (code: string) => {
      const response = await call('POST', `${url}/submissions`, s.token, { code });
      expect(response.statusCode).toBe(201);
      return response.json();
    };
    const shown = (submission: { result: { tests: { visible: boolean }[] } }) =>
      submission.result.tests.map((t) => t.visible);
    // The first try: no penalty. Test 1 fails and hides the rest; test 4 still counts.
    const first = await submit(SUM.replace('a + b', 'a - b'));
    expect(first).toMatchObject({ score: 10, total: 40 });
    expect(first.result).not.toHaveProperty('penalty');
    expect(shown(first)).toEqual([true, false, false, false]);
    // The second: right, 10% off. Shown only when passing: test 2 yes, test 3 no.
    const second = await submit(SUM);
    expect(second).toMatchObject({ score: 36, total: 40 });
    expect(second.result.penalty).toEqual({ try: 2, percent: 10, score_before: 40 });
    expect(shown(second)).toEqual([true, true, false, true]);
    expect(second.result.tests[1]).toMatchObject({ stdin: '1 1', actual_output: '2\n' });
    // The same code again is the same try; changed code is the third, 20% off; the best counts.
    expect((await submit(SUM)).result.penalty).toEqual({ try: 2, percent: 10, score_before: 40 });
    const third = await submit(`${SUM}// tidied\n`);
    expect(third).toMatchObject({ score: 32 });
    expect(third.result.penalty).toMatchObject({ try: 3, percent: 20 });
    expect((await call('GET', `${url}/workspace`, s.token)).json().best_score).toBe(36);
  });

  it('imports CodeRunner C questions from Moodle XML, each solved by its own answer, and round-trips an export', async () => {
    const moodle = readFileSync(new URL('../../../test/fixtures/moodle-coderunner-c.xml', import.meta.url), 'utf8');
    const imported = await call('POST', '/api/v1/programs/import', adminToken, { content: moodle });
    expect(imported.statusCode).toBe(201);
    const report = imported.json();
    expect(report.imported.map((p: { task: string; tests: number }) => [p.task.split('\n')[0], p.tests])).toEqual([
      ['Sum of two numbers', 2],
      ['Square function', 2],
      // A customised template imports and is graded by it, as on Moodle.
      ['String length without string.h', 1],
      // So does one whose template grades each test itself (TemplateGrader).
      ['Graded by a template', 2],
    ]);
    expect(report.skipped.map((s: { name: string }) => s.name)).toEqual([
      'Python squares',
      'Which header declares printf?',
    ]);
    expect(report.dropped.map((d: { name: string }) => d.name)).toEqual(['Square function']);
    // Numbered after the highest program there was, one after another.
    const [sum, square, length, twice] = report.imported as { id: number; program_number: number }[];
    expect(square!.program_number).toBe(sum!.program_number + 1);
    for (const program of [sum!, square!, length!, twice!]) {
      const exercise = (await call('GET', `/api/v1/programs/${program.id}/exercise`, adminToken)).json();
      expect(exercise.reference_solution).not.toBe('');
      const tried = (
        await call('POST', `/api/v1/programs/${program.id}/exercise/try`, adminToken, {
          code: exercise.reference_solution,
        })
      ).json();
      expect(tried.score).toBe(tried.total);
    }

    // A topic tags the program in the teacher's list.
    const saved = (await call('GET', `/api/v1/programs/${square!.id}/exercise`, adminToken)).json() as {
      starter_code: string;
      tests: unknown[];
      no_leaks: boolean;
      checker_code: string;
    };
    const tagged = await call('PUT', `/api/v1/programs/${square!.id}/exercise`, adminToken, {
      starter_code: saved.starter_code,
      tests: saved.tests,
      no_leaks: saved.no_leaks,
      checker_code: saved.checker_code,
      topic: '  Functions ',
    });
    expect(tagged.json()).toMatchObject({ topic: 'Functions' });
    const listed = (await call('GET', '/programs', adminToken)).json();
    expect(listed.find((p: { id: number }) => p.id === square!.id)).toMatchObject({ topic: 'Functions' });
    expect(listed.find((p: { id: number }) => p.id === sum!.id)).toMatchObject({ topic: null });

    // Export, import again: the same program, tests, topic and reference, under a new number.
    const exported = await call('GET', `/api/v1/programs/${square!.id}/exercise/export`, adminToken);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="program-\d+\.json"/);
    const again = (await call('POST', '/api/v1/programs/import', adminToken, { content: exported.body })).json();
    expect(again.skipped).toEqual([]);
    const copy = (await call('GET', `/api/v1/programs/${again.imported[0].id}/exercise`, adminToken)).json();
    const original = (await call('GET', `/api/v1/programs/${square!.id}/exercise`, adminToken)).json();
    const { program_id: _a, program_number: _b, ...sameCopy } = copy;
    const { program_id: _c, program_number: _d, ...sameOriginal } = original;
    expect(sameCopy).toEqual(sameOriginal);

    // Nothing half-imported: a file with one bad program imports none of it; students may not import.
    const bad = JSON.parse(exported.body);
    bad.programs.push({ task: '', tests: [] });
    const refused = (
      await call('POST', '/api/v1/programs/import', adminToken, { content: JSON.stringify(bad) })
    ).json();
    expect(refused).toEqual({
      imported: [],
      skipped: [{ name: 'the file', reason: 'programs.1.task: Task is required' }],
      dropped: [],
    });
    const s = await studentWithProgram();
    expect((await call('POST', '/api/v1/programs/import', s.token, { content: moodle })).statusCode).toBe(403);
  });

  it('"no leaks" fails a passing test that leaks; otherwise the leak is a warning with the result', async () => {
    const LEAKY = SUM.replace('int a, b;', 'int a, b;\n  int *kept = malloc(sizeof *kept);\n  *kept = 0;').replace(
      '#include <stdio.h>',
      '#include <stdio.h>\n#include <stdlib.h>',
    );
    const number = 4203;
    const created = await call('POST', '/programs', adminToken, { program_number: number, task: 'Sum, no leaks.' });
    const id = created.json().id;
    const tests = TESTS.slice(0, 1);
    expect((await call('GET', `/api/v1/programs/${id}/exercise`, adminToken)).json().no_leaks).toBe(false);
    const warned = (
      await call('POST', `/api/v1/programs/${id}/exercise/try`, adminToken, { code: LEAKY, tests })
    ).json();
    expect(warned.tests[0]).toMatchObject({ verdict: 'passed', warnings: [expect.stringMatching(/line 5/)] });

    const saved = await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, { tests, no_leaks: true });
    expect(saved.json()).toMatchObject({ no_leaks: true });
    const s = await studentWithProgramOf(ctx, adminToken, { batch: 43, programNumber: number });
    expect((await call('GET', `/api/v1/student_programs/${s.spId}/workspace`, s.token)).json().no_leaks).toBe(true);
    const leaked = await call('POST', `/api/v1/student_programs/${s.spId}/submissions`, s.token, { code: LEAKY });
    expect(leaked.json()).toMatchObject({ status: 'graded', score: 0, total: 2 });
    expect(leaked.json().result.tests[0].verdict).toBe('memory_leak');
    expect(leaked.json().result.tests[0].message).toMatch(/must free all the memory.*line 5/s);
    const clean = await call('POST', `/api/v1/student_programs/${s.spId}/submissions`, s.token, { code: SUM });
    expect(clean.json()).toMatchObject({ score: 2, total: 2 });
    // The admin may try a reference with the setting off before saving it.
    const off = await call('POST', `/api/v1/programs/${id}/exercise/try`, adminToken, { code: LEAKY, no_leaks: false });
    expect(off.json().tests[0].verdict).toBe('passed');
    const bad = await call('PUT', `/api/v1/programs/${id}/exercise`, adminToken, { tests, no_leaks: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `/api/v1/programs/${id}/exercise`, adminToken)).json().no_leaks).toBe(true);
  });

  it('a program without test cases can be run but not submitted', async () => {
    const created = await call('POST', '/programs', adminToken, { program_number: 4202, task: 'Anything.' });
    expect(created.statusCode).toBe(201);
    const s = await verifiedStudent(ctx);
    const sent = await call('POST', '/student_programs', adminToken, {
      student_id: s.id,
      program_number: 4202,
      task: 'Anything.',
      solution: '',
    });
    const res = await call('POST', `/api/v1/student_programs/${sent.json().id}/submissions`, s.token, { code: SUM });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatch(/no test cases yet/);
    // The student's list says so, and the editor hands it in to the teacher instead.
    const progs = (await call('GET', `/student_programs/get_my_progs/${s.id}`, s.token)).json();
    expect(progs.find((p: { id: number }) => p.id === sent.json().id).graded).toBe(false);
  });
});
