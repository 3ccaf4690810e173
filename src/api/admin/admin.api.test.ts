import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, verifiedStudent } from '../../../test/accounts-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { contentMessages } from '../../contracts/course-content.js';
import { seedIfEmpty } from '../db/seed.js';

let ctx: TestContext;
let adminToken: string;
let studentToken: string;
let studentId: number;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: 'Teacher#2026x' }, undefined, {
    ipRateLimits: { login: 1000, signup: 1000, email: 1000 },
  });
  await seedIfEmpty(ctx.database.db, ctx.config);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/students/login',
    payload: { email: 'teacher@example.com', password: 'Teacher#2026x' },
  });
  adminToken = login.json().meta.token;
  const student = await verifiedStudent(ctx);
  studentToken = student.token;
  studentId = student.id;
});
afterAll(() => ctx.close());

const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });

const adminCalls: [string, string, object?][] = [
  ['GET', '/students/get_new_students'],
  ['GET', '/students/get_regd_students'],
  ['GET', '/students'],
  ['DELETE', '/students/999999'],
  ['PUT', '/students/1', { student_status: 2 }],
  ['GET', '/students/getbatch?student_batch=1'],
  ['PATCH', '/students/update_batch', { email: 'a@example.com', student_batch: 1 }],
  ['GET', '/api/v1/batches'],
  ['PUT', '/api/v1/batches/1', { start_date: '2027-01-04' }],
  ['POST', '/api/v1/batches/1/announce'],
  ['POST', '/api/v1/batches/1/send_link'],
  ['POST', '/api/v1/admin/invite_email', { email: 'friend@example.com' }],
  ['GET', '/api/v1/admin/new_student_names'],
  ['POST', '/courses/', { session_number: 99, session_date: '2027-01-01', topics: 'x' }],
  ['DELETE', '/courses/1'],
  ['GET', '/programs/'],
  ['POST', '/programs/', { program_number: 99, task: 'x' }],
  ['DELETE', '/programs/1'],
  ['POST', '/api/v1/programs/1/send', { student_batch: 1 }],
  ['POST', '/student_programs/', { student_id: 1, program_number: 1, task: 'x', solution: '' }],
  ['GET', '/api/v1/admin/programs/1/submissions'],
  ['GET', '/api/v1/admin/status_changes'],
  ['GET', '/api/v1/admin/outbox'],
];

describe('admin routes refuse everyone but the admin', () => {
  it.each(adminCalls)('%s %s: 401 anonymous, 403 student, nothing changed', async (method, url, payload) => {
    const before = await ctx.database.db
      .selectFrom('students')
      .select(['id', 'student_status', 'student_batch'])
      .orderBy('id')
      .execute();
    const anonymous = await ctx.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
    expect(anonymous.statusCode).toBe(401);
    const student = await ctx.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(studentToken),
      ...(payload ? { payload } : {}),
    });
    expect(student.statusCode).toBe(403);
    expect(student.json().errors).toHaveLength(1);
    expect(
      await ctx.database.db
        .selectFrom('students')
        .select(['id', 'student_status', 'student_batch'])
        .orderBy('id')
        .execute(),
    ).toEqual(before);
  });

  it("a student's PATCH on another student is refused", async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${studentId + 1000}`,
      headers: bearer(studentToken),
      payload: { student_status: 1 },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('student lists', () => {
  beforeAll(async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      email: `list${String(i).padStart(2, '0')}@example.com`,
      password_hash: 'x',
      role: 'student' as const,
      first_name: i === 7 ? 'Zebediah' : `Name${String(i).padStart(2, '0')}`,
      last_name: 'Lister',
      uniq_id: `CP-LIST${i}`,
      activated: 1,
      student_status: i < 5 ? 2 : i % 2,
      city: i === 9 ? 'Thrissur' : 'Kochi',
      feedback: i < 5 ? `Great course ${i}` : null,
      feedback_state: i < 5 ? ('approved' as const) : null,
    }));
    await ctx.database.db.insertInto('students').values(rows).execute();
  });

  it('pages, sorts and searches on the server, and tells the total', async () => {
    const page1 = await asAdmin('GET', '/students/get_regd_students?per_page=10&sort=first_name&order=desc');
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toHaveLength(10);
    expect(Number(page1.headers['x-total-count'])).toBeGreaterThanOrEqual(31);
    expect(page1.json()[0].first_name).toBe('Zebediah');
    const page2 = await asAdmin('GET', '/students/get_regd_students?per_page=10&page=2&sort=first_name&order=desc');
    expect(page2.json()[0].first_name).not.toBe(page1.json()[0].first_name);
    const search = await asAdmin('GET', '/students/get_regd_students?q=THRISS');
    expect(search.json().map((s: { city: string }) => s.city)).toEqual(['Thrissur']);
    const wildcard = await asAdmin('GET', '/students/get_regd_students?q=%25');
    expect(wildcard.json()).toEqual([]);
  });

  it('keeps the search up to date as students change, and finds short terms too', async () => {
    const email = `searchable.${Date.now()}@example.com`;
    const [row] = await ctx.database.db
      .insertInto('students')
      .values({
        email,
        password_hash: 'x',
        first_name: 'Quentin',
        last_name: 'Blake',
        activated: 1,
        uniq_id: `u-${Date.now()}`,
        city: 'Nagpur',
      })
      .returning('id')
      .execute();
    const find = async (q: string) =>
      (await asAdmin('GET', `/students/get_regd_students?q=${encodeURIComponent(q)}&per_page=200`))
        .json()
        .map((s: { email: string }) => s.email);
    expect(await find('nagp')).toContain(email);
    await ctx.database.db.updateTable('students').set({ city: 'Shillong' }).where('id', '=', row!.id).execute();
    expect(await find('nagp')).not.toContain(email);
    expect(await find('SHILL')).toContain(email);
    expect(await find('Qu')).toContain(email);
    await ctx.database.db.deleteFrom('students').where('id', '=', row!.id).execute();
    expect(await find('shill')).not.toContain(email);
  });

  it('splits old (completed) from new students', async () => {
    const old = await asAdmin('GET', '/students/get_old_students?per_page=100');
    expect(old.json().every((s: { student_status: number }) => s.student_status === 2)).toBe(true);
    expect(old.json()).toHaveLength(5);
    expect(old.json()[0]).toHaveProperty('email');
    const fresh = await asAdmin('GET', '/students/get_new_students?per_page=200');
    expect(fresh.json().every((s: { student_status: number }) => s.student_status < 2)).toBe(true);
    // The landing page (no token) still gets testimonials only.
    const landing = await ctx.app.inject({ method: 'GET', url: '/students/get_old_students' });
    expect(landing.json()).toHaveLength(5);
    expect(landing.json()[0]).not.toHaveProperty('email');
  });

  it('downloads a list as CSV', async () => {
    const csv = await asAdmin('GET', '/students?format=csv&q=lister');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Id,First Name,Last Name,Email,Mobile,City,Country,Study,College,Activated,Status,Batch,Registered',
    );
    expect(lines).toHaveLength(31);
    // Statuses and times as the screens show them: a sign-up at 1:30 am on 25 Nov in India is 24 Nov in UTC.
    await ctx.database.db
      .updateTable('students')
      .set({ created_at: '2026-11-24T20:00:00.000Z' })
      .where('email', '=', 'list03@example.com')
      .execute();
    const again = (await asAdmin('GET', '/students?format=csv&q=lister')).body.split('\r\n');
    const row = again.find((line) => line.includes('list03@example.com'))!;
    expect(row).toMatch(/,Completed,[^,]*,"25 Nov 2026, 1:30 am IST"$/);
    expect(again.find((line) => line.includes('list06@example.com'))).toMatch(/,Yes,Unpaid,/);
    expect(again.find((line) => line.includes('list07@example.com'))).toMatch(/,Yes,Paid,/);
  });

  it('refuses bad list parameters with 400', async () => {
    for (const url of [
      '/students?sort=password_hash',
      '/students?page=0',
      '/students?per_page=5000',
      '/students?order=sideways',
    ]) {
      expect((await asAdmin('GET', url)).statusCode, url).toBe(400);
    }
  });
});

describe('payment and completion updates', () => {
  it('PATCH sets status 1, PUT sets 2, each recorded with who and when', async () => {
    const { id } = await verifiedStudent(ctx);
    const paid = await asAdmin('PATCH', `/students/${id}`, { student_status: 1 });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.attributes.student_status).toBe(1);
    const done = await asAdmin('PUT', `/students/${id}`, { student_status: 2 });
    expect(done.json().data.attributes.student_status).toBe(2);
    const log = await asAdmin('GET', `/api/v1/admin/status_changes?student_id=${id}`);
    expect(
      log
        .json()
        .map((c: { from_status: number; to_status: number; changed_by_email: string }) => [
          c.from_status,
          c.to_status,
          c.changed_by_email,
        ]),
    ).toEqual([
      [1, 2, 'teacher@example.com'],
      [0, 1, 'teacher@example.com'],
    ]);
  });

  it('refuses unknown ids and bad statuses', async () => {
    expect((await asAdmin('PATCH', '/students/999999', { student_status: 1 })).statusCode).toBe(404);
    expect((await asAdmin('PUT', `/students/${studentId}`, { student_status: 5 })).statusCode).toBe(400);
    expect((await asAdmin('PUT', `/students/${studentId}`, { student_status: '2' })).statusCode).toBe(400);
    expect((await asAdmin('PATCH', `/students/${studentId}`, { student_status: 1, role: 'admin' })).statusCode).toBe(
      400,
    );
    expect((await asAdmin('PUT', '/students/abc', { student_status: 2 })).statusCode).toBe(400);
  });
});

describe('deleting a student', () => {
  it('removes the account and its sessions, keeps payments', async () => {
    const { id, token, email } = await verifiedStudent(ctx);
    await ctx.database.db
      .insertInto('payments')
      .values({ student_id: id, student_email: email, order_id: `order_${id}`, amount: 300000, currency: 'INR' })
      .execute();
    expect((await asAdmin('DELETE', `/students/${id}`)).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(token) })).statusCode).toBe(
      401,
    );
    const payment = await ctx.database.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', `order_${id}`)
      .executeTakeFirstOrThrow();
    expect(payment.student_id).toBeNull();
    expect((await asAdmin('DELETE', `/students/${id}`)).statusCode).toBe(404);
  });

  it('never deletes the admin account', async () => {
    const admin = await ctx.database.db
      .selectFrom('students')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect((await asAdmin('DELETE', `/students/${admin.id}`)).statusCode).toBe(404);
  });
});

describe('batches and announcements', () => {
  it('moves students into a batch by email, case-insensitively, and lists the batch', async () => {
    const a = await verifiedStudent(ctx);
    const b = await verifiedStudent(ctx);
    expect(
      (await asAdmin('PATCH', '/students/update_batch', { email: a.email.toUpperCase(), student_batch: 7 })).statusCode,
    ).toBe(200);
    expect((await asAdmin('PATCH', '/students/update_batch', { email: b.email, student_batch: 7 })).statusCode).toBe(
      200,
    );
    const list = await asAdmin('GET', '/students/getbatch?student_batch=7');
    expect(
      list
        .json()
        .map((s: { email: string }) => s.email)
        .sort(),
    ).toEqual([a.email, b.email].sort());
    expect(list.json()[0]).toEqual({
      id: expect.any(Number),
      student_batch: 7,
      email: expect.any(String),
      student_status: 0,
    });
  });

  it("answers 'Please check email' for an unknown email, and 400 for bad batch numbers", async () => {
    const unknown = await asAdmin('PATCH', '/students/update_batch', { email: 'nobody@example.com', student_batch: 7 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([contentMessages.checkEmail]);
    for (const batch of [-1, 0, 'abc', 1.5]) {
      expect(
        (await asAdmin('PATCH', '/students/update_batch', { email: 'nobody@example.com', student_batch: batch }))
          .statusCode,
      ).toBe(400);
    }
    expect((await asAdmin('GET', '/students/getbatch?student_batch=-3')).statusCode).toBe(400);
  });

  it('announces the start date to registered students not in a batch, and the link to paid students of the batch', async () => {
    const waiting = await verifiedStudent(ctx);
    const joined = await verifiedStudent(ctx);
    await asAdmin('PATCH', '/students/update_batch', { email: joined.email, student_batch: 8 });
    await asAdmin('PATCH', `/students/${joined.id}`, { student_status: 1 });

    expect((await asAdmin('POST', '/api/v1/batches/8/announce')).statusCode).toBe(400);
    expect((await asAdmin('PUT', '/api/v1/batches/8', { start_date: '2027-02-30' })).statusCode).toBe(400);
    expect((await asAdmin('PUT', '/api/v1/batches/8', { meeting_link: 'javascript:alert(1)' })).statusCode).toBe(400);
    const set = await asAdmin('PUT', '/api/v1/batches/8', {
      start_date: '2027-02-01',
      meeting_link: 'https://meet.example.com/c-batch-8',
    });
    expect(set.json()).toMatchObject({ batch_number: 8, start_date: '2027-02-01', students: 1 });

    const announce = await asAdmin('POST', '/api/v1/batches/8/announce');
    expect(announce.json().queued).toBeGreaterThanOrEqual(1);
    const link = await asAdmin('POST', '/api/v1/batches/8/send_link');
    expect(link.json()).toEqual({ queued: 1 });
    const mails = await ctx.database.db.selectFrom('outbox').select(['to_address', 'subject', 'text_body']).execute();
    expect(mails.some((m) => m.to_address === waiting.email && m.subject.includes('starts on 1 Feb 2027'))).toBe(true);
    expect(mails.some((m) => m.to_address === joined.email && m.subject.includes('starts on'))).toBe(false);
    // The student's own join address (it records the attendance), not the meeting's.
    const sent = mails.find((m) => m.to_address === joined.email && m.subject === 'Your class link for batch 8');
    expect(sent?.text_body).toMatch(/http:\/\/course\.test\/join\/[\w-]{43}/);
    expect(sent?.text_body).not.toContain('https://meet.example.com/c-batch-8');
  });

  it('invites by email and lists the new students', async () => {
    expect((await asAdmin('POST', '/api/v1/admin/invite_email', { email: 'friend@example.com' })).statusCode).toBe(200);
    expect((await asAdmin('POST', '/api/v1/admin/invite_email', { email: 'not an email' })).statusCode).toBe(400);
    const names = await asAdmin('GET', '/api/v1/admin/new_student_names');
    expect(names.json().every((s: object) => Object.keys(s).sort().join() === 'email,first_name,id,last_name')).toBe(
      true,
    );
  });
});

describe('placing students in batches', () => {
  it('lists paid students in no batch and moves several at once into a batch', async () => {
    const paidA = await verifiedStudent(ctx);
    const paidB = await verifiedStudent(ctx);
    const unpaid = await verifiedStudent(ctx);
    for (const s of [paidA, paidB]) await asAdmin('PATCH', `/students/${s.id}`, { student_status: 1 });
    const unplaced = async () =>
      ((await asAdmin('GET', '/api/v1/admin/unplaced_students')).json() as { id: number }[]).map((s) => s.id);
    expect(await unplaced()).toEqual(expect.arrayContaining([paidA.id, paidB.id]));
    expect(await unplaced()).not.toContain(unpaid.id);

    for (const body of [{ student_ids: [] }, { student_ids: ['x'] }, { student_ids: Array(501).fill(paidA.id) }, {}])
      expect(
        (await asAdmin('POST', '/api/v1/batches/61/students', body)).statusCode,
        JSON.stringify(body).slice(0, 40),
      ).toBe(400);
    const student = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/batches/61/students',
      headers: bearer(studentToken),
      payload: { student_ids: [paidA.id] },
    });
    expect(student.statusCode).toBe(403);

    const moved = await asAdmin('POST', '/api/v1/batches/61/students', { student_ids: [paidA.id, paidB.id, paidA.id] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ moved: 2, message: '2 students moved to batch 61.' });
    expect(await unplaced()).not.toContain(paidA.id);
    const members = (await asAdmin('GET', '/students/getbatch?student_batch=61')).json() as { id: number }[];
    expect(members.map((m) => m.id).sort()).toEqual([paidA.id, paidB.id].sort());
  });
});

describe('course sessions', () => {
  it('adds a session (201), storing a YouTube link as its id, and refuses a duplicate number', async () => {
    const added = await asAdmin('POST', '/courses/', {
      session_number: 50,
      session_date: '2027-03-01',
      topics: 'Pointers to functions',
      lesson_video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ session_number: 50, lesson_video: 'dQw4w9WgXcQ' });
    const duplicate = await asAdmin('POST', '/courses/', {
      session_number: 50,
      session_date: '2027-03-02',
      topics: 'Again',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual([contentMessages.sessionNumberTaken]);
    expect((await asAdmin('DELETE', `/courses/${added.json().id}`)).statusCode).toBe(204);
    expect((await asAdmin('DELETE', `/courses/${added.json().id}`)).statusCode).toBe(404);
  });

  it('edits a session: topics, date and video change in place; a taken number is 409, bad input 400', async () => {
    const added = (
      await asAdmin('POST', '/courses/', { session_number: 52, session_date: '2027-03-05', topics: 'Structs' })
    ).json();
    await asAdmin('POST', '/courses/', { session_number: 53, session_date: '2027-03-06', topics: 'Unions' });
    const edit = (payload: object, id = added.id) => asAdmin('PUT', `/api/v1/admin/course_sessions/${id}`, payload);
    const changed = await edit({
      session_number: 52,
      session_date: '2027-03-08',
      topics: 'Structs and typedef',
      lesson_video: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      id: added.id,
      session_number: 52,
      session_date: '2027-03-08',
      topics: 'Structs and typedef',
      lesson_video: 'dQw4w9WgXcQ',
    });
    // The list every student reads (cached by version) shows the change.
    const listed = (await asAdmin('GET', '/courses/')).json() as { id: number; topics: string }[];
    expect(listed.find((session) => session.id === added.id)?.topics).toBe('Structs and typedef');
    const taken = await edit({ session_number: 53, session_date: '2027-03-08', topics: 'x' });
    expect(taken.statusCode).toBe(409);
    expect((await edit({ session_number: 52, session_date: 'soon', topics: 'x' })).statusCode).toBe(400);
    expect((await edit({ session_number: 54, session_date: '2027-03-08', topics: 'x' }, 999_999)).statusCode).toBe(404);
    const student = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/course_sessions/${added.id}`,
      headers: bearer(studentToken),
      payload: { session_number: 52, session_date: '2027-03-08', topics: 'x' },
    });
    expect(student.statusCode).toBe(403);
    expect(listed.find((session) => session.id === added.id)).toBeDefined();
    const after = (await asAdmin('GET', '/courses/')).json() as { id: number; topics: string }[];
    expect(after.find((session) => session.id === added.id)?.topics).toBe('Structs and typedef');
  });

  it.each([
    [{ session_number: 51, session_date: 'tomorrow', topics: 'x' }],
    [{ session_number: 51, session_date: '2027-13-01', topics: 'x' }],
    [{ session_number: -1, session_date: '2027-01-01', topics: 'x' }],
    [{ session_number: 'five', session_date: '2027-01-01', topics: 'x' }],
    [{ session_number: 51, session_date: '2027-01-01', topics: '   ' }],
    [{ session_number: 51, session_date: '2027-01-01', topics: 'x', lesson_video: 'https://evil.example.com/v' }],
  ])('refuses %j with 400', async (payload) => {
    expect((await asAdmin('POST', '/courses/', payload)).statusCode).toBe(400);
  });

  it('shows the sessions to paid students only', async () => {
    const unpaid = await ctx.app.inject({ method: 'GET', url: '/courses/', headers: bearer(studentToken) });
    expect(unpaid.statusCode).toBe(403);
    await asAdmin('PATCH', `/students/${studentId}`, { student_status: 1 });
    const paid = await ctx.app.inject({ method: 'GET', url: '/courses/', headers: bearer(studentToken) });
    expect(paid.statusCode).toBe(200);
    const numbers = paid.json().map((s: { session_number: number }) => s.session_number);
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    await asAdmin('PATCH', `/students/${studentId}`, { student_status: 0 });
  });
});

describe('program exercises', () => {
  it('adds programs (201) and refuses a duplicate number', async () => {
    const added = await asAdmin('POST', '/programs/', { program_number: 40, task: 'Print a multiplication table.' });
    expect(added.statusCode).toBe(201);
    const duplicate = await asAdmin('POST', '/programs/', { program_number: 40, task: 'Again' });
    expect(duplicate.json().errors).toEqual([contentMessages.programNumberTaken]);
    expect((await asAdmin('POST', '/programs/', { program_number: 41, task: '' })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/programs/', { program_number: 'x', task: 'y' })).statusCode).toBe(400);
    const list = await asAdmin('GET', '/programs/');
    const numbers = list.json().map((p: { program_number: number }) => p.program_number);
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
  });

  it('sends a task to the whole batch once, mails each student, and shows their solutions to the admin', async () => {
    const a = await verifiedStudent(ctx);
    const b = await verifiedStudent(ctx);
    for (const s of [a, b]) await asAdmin('PATCH', '/students/update_batch', { email: s.email, student_batch: 9 });
    const program = (await asAdmin('POST', '/programs/', { program_number: 42, task: 'Reverse a string.' })).json();
    const sent = await asAdmin('POST', `/api/v1/programs/${program.id}/send`, { student_batch: 9 });
    expect(sent.json()).toEqual({ sent: 2 });
    const again = await asAdmin('POST', `/api/v1/programs/${program.id}/send`, { student_batch: 9 });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([contentMessages.programAlreadySent]);
    expect((await asAdmin('POST', `/api/v1/programs/${program.id}/send`, { student_batch: 99 })).statusCode).toBe(400);

    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/student_programs/get_my_progs/${a.id}`,
      headers: bearer(a.token),
    });
    expect(mine.json()).toEqual([
      expect.objectContaining({ program_number: 42, task: 'Reverse a string.', solution: null }),
    ]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/student_programs/get_my_progs/${b.id}`, headers: bearer(a.token) }))
        .statusCode,
    ).toBe(403);
    const mails = await ctx.database.db
      .selectFrom('outbox')
      .select('to_address')
      .where('subject', '=', 'New program exercise: Program 42')
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual([a.email, b.email].sort());

    const submissions = await asAdmin('GET', `/api/v1/admin/programs/${program.id}/submissions`);
    expect(submissions.json()).toHaveLength(2);
    expect(submissions.json()[0]).toHaveProperty('email');
  });

  it('sends to one student with POST /student_programs/, once', async () => {
    const s = await verifiedStudent(ctx);
    const first = await asAdmin('POST', '/student_programs/', {
      student_id: s.id,
      program_number: 43,
      task: 'Sum of digits.',
      solution: '',
    });
    expect(first.statusCode).toBe(201);
    const second = await asAdmin('POST', '/student_programs/', {
      student_id: s.id,
      program_number: 43,
      task: 'Sum of digits.',
      solution: '',
    });
    expect(second.json().errors).toEqual([contentMessages.programAlreadySent]);
    expect(
      (await asAdmin('POST', '/student_programs/', { student_id: 999999, program_number: 43, task: 'x' })).statusCode,
    ).toBe(404);
  });
});
