/**
 * The grading line of `npm run bench`: students submitting a 10-test program as fast as the grader takes them
 * (each student one submission in flight, as the API allows), while wrk loads GET /courses/ as those students (as a
 * browser asks, gzip). Prints gradings per minute and the latency of GET /courses/ idle and under that load.
 */
import { load } from './wrk.js';

const PROGRAM = '#include <stdio.h>\nint main(void) {\n  long a, b;\n  if (scanf("%ld %ld", &a, &b) != 2) return 1;\n  printf("%ld\\n", a + b);\n  return 0;\n}\n';
const STUDENTS = 4;

interface Session {
  token: string;
  studentProgramId: number;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function benchGrading(base: string, admin: { email: string; password: string }, durationS: number): Promise<string[]> {
  const post = (path: string, body: unknown, token?: string, method = 'POST') =>
    fetch(base + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const adminToken = (await json<{ meta: { token: string } }>(await post('/students/login', admin))).meta.token;
  const programNumber = 90_000 + Math.floor(Math.random() * 9000);
  const program = await json<{ id: number }>(await post('/programs/', { program_number: programNumber, task: 'Print the sum of two numbers.' }, adminToken));
  const tests = Array.from({ length: 10 }, (_, i) => ({ stdin: `${i * 7} ${i * 13}\n`, expected_output: `${i * 20}\n`, visible: i < 3, points: 1 }));
  await json(await post(`/api/v1/programs/${program.id}/exercise`, { tests }, adminToken, 'PUT'));

  const sessions: Session[] = [];
  for (let i = 0; i < STUDENTS; i += 1) {
    const email = `bench-grader-${Date.now().toString(36)}-${i}@example.com`;
    const signup = await json<{ data: { id: string } }>(await post('/students', { email, password: 'Bench#Grader2026', first_name: 'Bench', last_name: `Student ${i}` }));
    const outbox = await json<{ to_address: string; text_body: string }[]>(await fetch(`${base}/api/v1/admin/outbox?limit=200`, { headers: { authorization: `Bearer ${adminToken}` } }));
    const link = outbox.find((m) => m.to_address === email)?.text_body.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error('no verification mail');
    const verified = await fetch(base + new URL(link).pathname + new URL(link).search, { redirect: 'manual' });
    const token = decodeURIComponent(String(verified.headers.get('location')).match(/token=([^&]+)/)?.[1] ?? '');
    const id = Number(signup.data.id);
    await json(await post(`/students/${id}`, { student_status: 1 }, adminToken, 'PATCH'));
    const sent = await json<{ id: number }>(await post('/student_programs/', { student_id: id, program_number: programNumber, task: 'Print the sum of two numbers.', solution: '' }, adminToken));
    sessions.push({ token, studentProgramId: sent.id });
  }

  // Warm: the first compile loads Clang into each compile worker.
  await json(await post(`/api/v1/student_programs/${sessions[0]!.studentProgramId}/submissions`, { code: PROGRAM }, sessions[0]!.token));

  const coursesUrl = `${base}/courses/`;
  const asStudents = { connections: 50, bearerTokens: sessions.map((session) => session.token), headers: { 'accept-encoding': 'gzip, deflate, br' } };
  const idle = await load(coursesUrl, { ...asStudents, durationS: Math.max(3, Math.round(durationS / 2)) });

  let gradings = 0;
  let failures = 0;
  let stop = false;
  const graders = sessions.map(async (session) => {
    while (!stop) {
      const response = await post(`/api/v1/student_programs/${session.studentProgramId}/submissions`, { code: PROGRAM }, session.token);
      const body = (await response.json()) as { score?: number };
      if (response.status === 201 && body.score === 10) gradings += 1;
      else failures += 1;
    }
  });
  const started = Date.now();
  const loaded = await load(coursesUrl, { ...asStudents, durationS });
  stop = true;
  await Promise.all(graders);
  const minutes = (Date.now() - started) / 60_000;

  return [
    `compile-and-grade, 10 tests, ${STUDENTS} students submitting: ${(gradings / minutes).toFixed(0)} gradings/min (${gradings} in ${(minutes * 60).toFixed(0)} s, ${failures} failed)`,
    `GET /courses/ idle:            ${idle.rps.toFixed(0)} req/s, p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms`,
    `GET /courses/ while grading:   ${loaded.rps.toFixed(0)} req/s, p50 ${loaded.p50.toFixed(1)} ms, p99 ${loaded.p99.toFixed(1)} ms, ${loaded.errors} errors`,
  ];
}
