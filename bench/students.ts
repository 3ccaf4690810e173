/**
 * Students made through the API for the grading lines of the bench: signed up, verified through the outbox's link,
 * marked paid by the admin, and sent one program. Each sign-up comes from its own address (X-Forwarded-For, which
 * the server believes from 127.0.0.1) so the per-IP sign-up limit doesn't stop a bench that makes several.
 */
export interface BenchSession {
  token: string;
  studentProgramId: number;
}

export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export function poster(base: string) {
  return (path: string, body: unknown, token?: string, method = 'POST', headers: Record<string, string> = {}) =>
    fetch(base + path, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
}

export async function adminLogin(base: string, admin: { email: string; password: string }): Promise<string> {
  return (
    await json<{ meta: { token: string } }>(
      await poster(base)('/students/login', admin, undefined, 'POST', { 'x-forwarded-for': '10.9.0.1' }),
    )
  ).meta.token;
}

/** A new program (a number nobody uses) with these tests, and `count` students who have it. */
export async function studentsWithProgram(
  base: string,
  adminToken: string,
  count: number,
  options: {
    label: string;
    task: string;
    tests?: ({ stdin: string; expected_output: string; visible: boolean; points: number } & Record<string, unknown>)[];
  },
): Promise<BenchSession[]> {
  const post = poster(base);
  const programNumber = 90_000 + Math.floor(Math.random() * 9000);
  const program = await json<{ id: number }>(
    await post('/programs/', { program_number: programNumber, task: options.task }, adminToken),
  );
  if (options.tests)
    await json(await post(`/api/v1/programs/${program.id}/exercise`, { tests: options.tests }, adminToken, 'PUT'));
  const sessions: BenchSession[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `bench-${options.label}-${Date.now().toString(36)}-${i}@example.com`;
    const ip = `10.${20 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${i + 1}`;
    const signup = await json<{ data: { id: string } }>(
      await post(
        '/students',
        { email, password: 'Bench#Grader2026', first_name: 'Bench', last_name: `Student ${i}` },
        undefined,
        'POST',
        { 'x-forwarded-for': ip },
      ),
    );
    const outbox = await json<{ to_address: string; text_body: string }[]>(
      await fetch(`${base}/api/v1/admin/outbox?limit=200`, { headers: { authorization: `Bearer ${adminToken}` } }),
    );
    const link = outbox.find((m) => m.to_address === email)?.text_body.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error('no verification mail');
    const verified = await fetch(base + new URL(link).pathname + new URL(link).search, { redirect: 'manual' });
    const token = decodeURIComponent(String(verified.headers.get('location')).match(/token=([^&]+)/)?.[1] ?? '');
    const id = Number(signup.data.id);
    await json(await post(`/students/${id}`, { student_status: 1 }, adminToken, 'PATCH'));
    const sent = await json<{ id: number }>(
      await post(
        '/student_programs/',
        { student_id: id, program_number: programNumber, task: options.task, solution: '' },
        adminToken,
      ),
    );
    sessions.push({ token, studentProgramId: sent.id });
  }
  return sessions;
}
