/**
 * The grading line of `npm run bench`: students submitting a 10-test program as fast as the grader takes them
 * (each student one submission in flight, as the API allows), while wrk loads GET /courses/ as those students (as a
 * browser asks, gzip). Prints gradings per minute and the latency of GET /courses/ idle and under that load.
 */
import { pathToFileURL } from 'node:url';
import { THROWAWAY_ADMIN, withThrowawaySite } from './site-server.js';
import { adminLogin, json, poster, studentsWithProgram } from './students.js';
import { ensureWrk, load } from './wrk.js';

const PROGRAM =
  '#include <stdio.h>\nint main(void) {\n  long a, b;\n  if (scanf("%ld %ld", &a, &b) != 2) return 1;\n  printf("%ld\\n", a + b);\n  return 0;\n}\n';
const STUDENTS = 4;

/** The same sum, also written to sum.txt: graded by its output and its file, each test with another checker. */
const FILE_PROGRAM =
  '#include <stdio.h>\nint main(void) {\n  long a, b;\n  if (scanf("%ld %ld", &a, &b) != 2) return 1;\n  printf("Sum: %ld\\n", a + b);\n  FILE *out = fopen("sum.txt", "w");\n  fprintf(out, "%ld\\n", a + b);\n  fclose(out);\n  return 0;\n}\n';
const CHECKERS = ['trimmed', 'exact', 'ignore_case', 'numbers', 'regex'] as const;

/** What a variant grades: the plain stdin/stdout program, or one with files and every checker. */
function variant(files: boolean) {
  const tests = Array.from({ length: 10 }, (_, i) => {
    const sum = i * 20;
    if (!files) return { stdin: `${i * 7} ${i * 13}\n`, expected_output: `${sum}\n`, visible: i < 3, points: 1 };
    const checker = CHECKERS[i % CHECKERS.length]!;
    return {
      stdin: `${i * 7} ${i * 13}\n`,
      expected_output: checker === 'regex' ? String.raw`Sum: \d+` : `Sum: ${sum}\n`,
      checker,
      // A file is checked the way the output is: for "regex", its content is a pattern too.
      expected_files: [{ name: 'sum.txt', content: checker === 'regex' ? String.raw`\d+` : `${sum}\n` }],
      visible: i < 3,
      points: 1,
    };
  });
  return { code: files ? FILE_PROGRAM : PROGRAM, tests, label: files ? 'grader-files' : 'grader' };
}

export async function benchGrading(
  base: string,
  admin: { email: string; password: string },
  durationS: number,
  { files = false }: { files?: boolean } = {},
): Promise<{ lines: string[]; perMinute: number }> {
  const post = poster(base);
  const adminToken = await adminLogin(base, admin);
  const { code: PROGRAM_CODE, tests, label } = variant(files);
  const sessions = await studentsWithProgram(base, adminToken, STUDENTS, {
    label,
    task: 'Print the sum of two numbers.',
    tests,
  });

  // Warm: the first compile loads Clang into each compile worker.
  await json(
    await post(
      `/api/v1/student_programs/${sessions[0]!.studentProgramId}/submissions`,
      { code: PROGRAM_CODE },
      sessions[0]!.token,
    ),
  );

  const coursesUrl = `${base}/courses/`;
  const asStudents = {
    connections: 50,
    bearerTokens: sessions.map((session) => session.token),
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  };
  const idle = await load(coursesUrl, { ...asStudents, durationS: Math.max(3, Math.round(durationS / 2)) });

  let submitted = 0;
  /** Students submit, each one at a time, until `until` settles; gradings per minute meanwhile. */
  const gradeWhile = async (until: Promise<unknown>) => {
    let gradings = 0;
    let failures = 0;
    let stop = false;
    const graders = sessions.map(async (session) => {
      while (!stop) {
        // Each submission a program of its own (a comment differs), so each is compiled: the grader keeps the
        // builds of code it has seen (build-memo.ts), and the same code again would measure the runs alone.
        submitted += 1;
        const response = await post(
          `/api/v1/student_programs/${session.studentProgramId}/submissions`,
          { code: `${PROGRAM_CODE}/* submission ${submitted} */\n` },
          session.token,
        );
        const body = (await response.json()) as { score?: number };
        if (response.status === 201 && body.score === 10) gradings += 1;
        else failures += 1;
      }
    });
    const started = Date.now();
    await until;
    stop = true;
    await Promise.all(graders);
    const seconds = (Date.now() - started) / 1000;
    return { perMinute: (gradings * 60) / seconds, gradings, failures, seconds };
  };
  const alone = await gradeWhile(new Promise((resolve) => setTimeout(resolve, durationS * 1000)));
  let loaded!: Awaited<ReturnType<typeof load>>;
  const beside = await gradeWhile(load(coursesUrl, { ...asStudents, durationS }).then((result) => (loaded = result)));

  const what = `compile-and-grade (every submission compiled), 10 tests${files ? ' with files and five checkers' : ''}, ${STUDENTS} students submitting`;
  const rate = (r: typeof alone) =>
    `${r.perMinute.toFixed(0)} gradings/min (${r.gradings} in ${r.seconds.toFixed(0)} s, ${r.failures} failed)`;
  const lines = [
    `${what}: ${rate(alone)}; while wrk loads GET /courses/ with 50 connections: ${rate(beside)}`,
    `  target: at least 200 gradings/min: ${alone.perMinute >= 200 ? 'met' : 'NOT met'} alone, ${beside.perMinute >= 200 ? 'met' : 'NOT met'} beside wrk`,
    `GET /courses/ idle:            ${idle.rps.toFixed(0)} req/s, p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms`,
    `GET /courses/ while grading:   ${loaded.rps.toFixed(0)} req/s, p50 ${loaded.p50.toFixed(1)} ms, p99 ${loaded.p99.toFixed(1)} ms, ${loaded.errors} errors`,
  ];
  return { lines, perMinute: beside.perMinute };
}

/** On its own (`npx tsx bench/grading.ts [--duration=N] [--files]`): the built server on a throwaway database. */
async function main(): Promise<void> {
  ensureWrk();
  const durationS = Number(process.argv.find((arg) => arg.startsWith('--duration='))?.split('=')[1] ?? 20);
  const result = await withThrowawaySite('grading', ({ base }) =>
    benchGrading(base, THROWAWAY_ADMIN, durationS, { files: process.argv.includes('--files') }),
  );
  for (const line of result.lines) console.log(line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
