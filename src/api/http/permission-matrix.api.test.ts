/**
 * Every route of the API, called as anonymous, as student A, as student B on A's resources, and as the admin,
 * against a table of who may do what. A call allowed must not be refused (401/403); a call not allowed must be
 * refused (401, 403, or 404 for someone else's resource) and change nothing. A route missing from the table fails
 * the test, so a new route can't skip this check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { allEndpoints, type EndpointName } from '../../contracts/api-endpoints.js';

type Who = 'anonymous' | 'a' | 'b' | 'admin';
const ALL: Who[] = ['anonymous', 'a', 'b', 'admin'];
const SIGNED_IN: Who[] = ['a', 'b', 'admin'];
const STUDENTS: Who[] = ['a', 'b'];
const OWNER: Who[] = ['a'];
const OWNER_AND_ADMIN: Who[] = ['a', 'admin'];
const ADMIN: Who[] = ['admin'];

/**
 * Who may call each endpoint, by its name in the catalogue of src/contracts (its type makes a missing endpoint a
 * compile error). Endpoints with ids are called on A's resources (the admin's deletes on spare ones).
 */
const matrix: Record<EndpointName, Who[]> = {
  'site.health': ALL,
  'site.site': ALL,
  'accounts.signup': ALL,
  'accounts.verifyEmail': ALL,
  'accounts.resendEmail': ALL,
  'accounts.login': ALL,
  'accounts.logout': SIGNED_IN,
  'accounts.forgotPassword': ALL,
  'accounts.resetPassword': ALL,
  'accounts.changePassword': SIGNED_IN,
  'profile.profile': SIGNED_IN,
  'profile.updateStudent': OWNER_AND_ADMIN,
  'profile.photo': ALL,
  'studentList.new': ADMIN,
  'studentList.regd': ADMIN,
  'studentList.all': ADMIN,
  'studentList.old': ALL,
  'adminStudents.deleteStudent': ADMIN,
  'adminStudents.setCourseCompletion': ADMIN,
  'adminStudents.statusChanges': ADMIN,
  'adminStudents.completionCheck': ADMIN,
  'adminStudents.revertStatus': ADMIN,
  'payments.refundsDue': ADMIN,
  'payments.markRefunded': ADMIN,
  'certificates.missingCertificates': ADMIN,
  'certificates.issueMissing': ADMIN,
  'testimonials.testimonials': ADMIN,
  'testimonials.moderate': ADMIN,
  'batches.batchStudents': ADMIN,
  'batches.updateBatch': ADMIN,
  'batches.unplacedStudents': ADMIN,
  'batches.placeStudents': ADMIN,
  'courses.updateCourseSession': ADMIN,
  'batches.batches': ADMIN,
  'batches.saveBatch': ADMIN,
  'batches.announce': ADMIN,
  'batches.sendLink': ADMIN,
  'batches.inviteEmail': ADMIN,
  'batches.newStudentNames': ADMIN,
  // The original client's profile email: anyone may ask, it only ever mails a completed profile's own address.
  'profile.inviteEmail': ALL,
  'profile.sendNames': SIGNED_IN,
  'courses.courses': SIGNED_IN,
  'courses.myBatch': SIGNED_IN,
  'courses.courseBook': SIGNED_IN,
  'schedule.batchSessions': ADMIN,
  'schedule.addSession': ADMIN,
  'schedule.generate': ADMIN,
  'schedule.updateSession': ADMIN,
  'schedule.deleteSession': ADMIN,
  'schedule.attendance': ADMIN,
  'schedule.markAttendance': ADMIN,
  'schedule.mySchedule': SIGNED_IN,
  // The home is the student's own (no id in the path); the admin's overview is the admin page.
  'home.home': STUDENTS,
  // Only a paid student of the session's batch joins; the admin has no class to join.
  'schedule.join': STUDENTS,
  'courses.saveCourseBook': ADMIN,
  'courses.addCourseSession': ADMIN,
  'courses.deleteCourseSession': ADMIN,
  'programs.programs': ADMIN,
  'programs.addProgram': ADMIN,
  'programs.deleteProgram': ADMIN,
  'programs.sendProgram': ADMIN,
  'programs.sendToBatch': ADMIN,
  'programs.myPrograms': OWNER_AND_ADMIN,
  'programs.handIn': OWNER,
  'programs.closeProgram': ADMIN,
  'programs.programSubmissions': ADMIN,
  'quiz.deal': SIGNED_IN,
  'quiz.submitAttempt': SIGNED_IN,
  'quiz.attempts': SIGNED_IN,
  'quiz.topics': SIGNED_IN,
  'quiz.questions': ADMIN,
  'quiz.addQuestion': ADMIN,
  'quiz.updateQuestion': ADMIN,
  'quiz.deleteQuestion': ADMIN,
  'doubts.askDoubt': SIGNED_IN,
  'doubts.myDoubts': SIGNED_IN,
  'doubts.allDoubts': ADMIN,
  'doubts.answerDoubt': ADMIN,
  'doubts.doubtRun': ADMIN,
  'outbox.outbox': ADMIN,
  'exerciseAuthoring.exercise': ADMIN,
  'exerciseAuthoring.saveExercise': ADMIN,
  'exerciseAuthoring.tryReference': ADMIN,
  'exerciseAuthoring.exportExercise': ADMIN,
  'exerciseAuthoring.importExercises': ADMIN,
  'exerciseWorkspace.workspace': OWNER,
  'exerciseWorkspace.saveDraft': OWNER,
  'exerciseWorkspace.run': OWNER,
  'trace.trace': OWNER,
  'trace.adminTrace': ADMIN,
  'exerciseWorkspace.submit': OWNER,
  'exerciseWorkspace.submission': OWNER,
  'exerciseSupervision.supervision': ADMIN,
  // Live supervision's streams: src/api/live/live-supervision.api.test.ts opens them over HTTP as each.
  'exerciseSupervision.supervisionStream': ADMIN,
  'exerciseWorkspace.workspaceStream': OWNER,
  'exerciseSupervision.studentCode': ADMIN,
  'exerciseSupervision.comment': ADMIN,
  'grading.saveGrade': ADMIN,
  'grading.releaseGrades': ADMIN,
  'timedWork.timedWork': ADMIN,
  'timedWork.setTimedWork': ADMIN,
  'timedWork.deleteTimedWork': ADMIN,
  'timedWork.extension': ADMIN,
  // Only students pay; the admin's own order would be meaningless.
  'payments.createOrder': STUDENTS,
  'payments.myPayments': SIGNED_IN,
  // B sends A's genuine order: refused (400, "not verified"), which the check below counts as refused.
  'payments.updatePaymentStatus': OWNER,
  'payments.testCheckout': OWNER,
  'payments.webhook': ALL,
  'payments.allPayments': ADMIN,
  'payments.allPaymentsCsv': ADMIN,
  // A student's own receipt; another's (and the admin, who has no payments) is a 404.
  'receipts.myReceipt': OWNER,
  'receipts.adminReceipt': ADMIN,
  // The private feed's address is the credential (a calendar app sends no login); a wrong token is a 404.
  'calendar.calendar': SIGNED_IN,
  'calendar.revokeCalendar': SIGNED_IN,
  'calendar.calendarFeed': ALL,
  // A student's join address: the token is the credential (a wrong one leads to My Classes and records nothing).
  'schedule.joinLink': ALL,
  'calendar.calendarSession': ALL,
  'reminders.setting': SIGNED_IN,
  'reminders.saveSetting': SIGNED_IN,
  // Each person's own: another's notification id is a 404 (notifications.api.test.ts checks it and the stream).
  'notifications.list': SIGNED_IN,
  'notifications.unread': SIGNED_IN,
  'notifications.markRead': SIGNED_IN,
  'notifications.markAllRead': SIGNED_IN,
  'notifications.settings': SIGNED_IN,
  'notifications.saveSettings': SIGNED_IN,
  'notifications.stream': SIGNED_IN,
  // The reminder mail's stop link: its private token is the credential; a wrong one is a 404.
  'reminders.stopByLink': ALL,
  'reminders.startByLink': ALL,
  'settings.settings': ADMIN,
  'settings.save': ADMIN,
  'settings.keepDefaults': ADMIN,
  'settings.uploadPhoto': ADMIN,
  'settings.deletePhoto': ADMIN,
  // The gradebook and a student's work: the teacher's only, even a student's own row.
  'gradebook.gradebook': ADMIN,
  'gradebook.gradebookCsv': ADMIN,
  'gradebook.studentWork': ADMIN,
  'similarity.start': ADMIN,
  'similarity.result': ADMIN,
  'similarity.pair': ADMIN,
  'overview.overview': ADMIN,
  'overview.charts': ADMIN,
  // A certificate's code is all a verifier needs; the /me calls are each person's own (an admin has none).
  'certificates.publicCertificate': ALL,
  'certificates.myCertificate': SIGNED_IN,
  'certificates.myCertificatePdf': SIGNED_IN,
  'certificates.studentCertificates': ADMIN,
};

let ctx: TestContext;
const tokens: Partial<Record<Who, string>> = {};
const ids: Record<string, number | string> = {};
const spare: Record<string, number> = {};

beforeAll(async () => {
  let adminToken: string;
  ({ ctx, adminToken } = await createAdminTestApp());
  tokens.admin = adminToken;
  const a = await verifiedStudent(ctx);
  const b = await verifiedStudent(ctx);
  tokens.a = a.token;
  tokens.b = b.token;
  const admin = (path: string, payload: object, method: 'POST' | 'PATCH' | 'PUT' = 'POST') =>
    ctx.app.inject({ method, url: path, headers: bearer(adminToken), payload });

  // A's order (before A is marked paid), then both students paid so that their sections open.
  ids.order = (
    await ctx.app.inject({ method: 'POST', url: '/api/v1/payments', headers: bearer(a.token) })
  ).json().order_id;
  await admin(`/students/${a.id}`, { student_status: 1 }, 'PATCH');
  await admin(`/students/${b.id}`, { student_status: 1 }, 'PATCH');
  ids.student = a.id;
  const program = (await admin('/programs', { program_number: 9101, task: 'Matrix program' })).json();
  ids.program = program.id;
  await admin(`/api/v1/programs/${program.id}/exercise`, { tests: [{ stdin: '', expected_output: 'x' }] }, 'PUT');
  const sp = (
    await admin('/student_programs', { student_id: a.id, program_number: 9101, task: 'Matrix program', solution: '' })
  ).json();
  ids.studentProgram = sp.id;
  const submission = await ctx.database.db
    .insertInto('submissions')
    .values({
      student_program_id: sp.id,
      code: 'int main(void){return 0;}',
      status: 'graded',
      score: 0,
      total: 1,
      result: JSON.stringify({ compile: { ok: true, diagnostics: [], output: '' }, score: 0, total: 1, tests: [] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.submission = submission.id;
  ids.doubt = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/doubts',
      headers: bearer(a.token),
      payload: { question: 'Why?' },
    })
  ).json().id;
  ids.course = (
    await admin('/courses', { session_number: 9101, session_date: '2027-01-04', topics: 'Matrix' })
  ).json().id;
  ids.question = (
    await admin('/api/v1/admin/quiz_questions', { question: 'Matrix?', options: ['a', 'b', 'c', 'd'], answer_index: 0 })
  ).json().id;
  // Spare resources for the admin's deletes, so A's stay for the other checks.
  spare.student = (await verifiedStudent(ctx)).id;
  spare.course = (
    await admin('/courses', { session_number: 9102, session_date: '2027-01-05', topics: 'Spare' })
  ).json().id;
  spare.program = (await admin('/programs', { program_number: 9102, task: 'Spare' })).json().id;
  spare.question = (
    await admin('/api/v1/admin/quiz_questions', { question: 'Spare?', options: ['a', 'b', 'c', 'd'], answer_index: 1 })
  ).json().id;
}, 60_000);
afterAll(() => ctx.close());

/** The path with A's ids (or, for the admin's deletes, spare ones). */
function pathFor(method: string, url: string, who: Who): string {
  const deleting = method === 'DELETE' && who === 'admin';
  return url
    .replace(':studentId', String(ids.student))
    .replace(':submissionId', String(ids.submission))
    .replace(':number', '77')
    .replace(':batch', '77')
    .replace(':name', `${'0'.repeat(32)}.webp`)
    .replace(':id', () => {
      if (url.startsWith('/students/')) return String(deleting ? spare.student : ids.student);
      if (url.startsWith('/api/v1/admin/students/')) return String(ids.student);
      if (url.startsWith('/courses/')) return String(deleting ? spare.course : ids.course);
      if (url.startsWith('/programs/')) return String(deleting ? spare.program : ids.program);
      if (url.includes('quiz_questions')) return String(deleting ? spare.question : ids.question);
      if (url.includes('doubts')) return String(ids.doubt);
      if (url.includes('student_programs')) return String(ids.studentProgram);
      if (url.includes('/programs/')) return String(ids.program);
      return '1';
    });
}

/** Streams never end, so inject would wait forever: their own tests open them over HTTP as each. */
const STREAMS = new Set(['GET /api/v1/admin/supervision/stream', 'GET /api/v1/student_programs/:id/stream']);

/** A's own resources, called with valid bodies: A must not merely be let in, the call must succeed. */
const OWNER_SUCCEEDS = new Set([
  'PATCH /students/:id',
  'GET /student_programs/get_my_progs/:studentId',
  'PATCH /student_programs/:id',
  'GET /api/v1/student_programs/:id/workspace',
  'PUT /api/v1/student_programs/:id/draft',
  'POST /api/v1/student_programs/:id/run',
  'POST /api/v1/student_programs/:id/trace',
  'POST /api/v1/student_programs/:id/submissions',
  'GET /api/v1/student_programs/:id/submissions/:submissionId',
  'POST /api/v1/payments/test_checkout',
]);

/** Bodies valid enough that only permission stands between the caller and success. */
function bodyFor(method: string, url: string): object | undefined {
  if (method === 'GET' || method === 'DELETE') return undefined;
  const bodies: Record<string, object> = {
    'PATCH /students/:id': {
      mobile: '9876543210',
      city: 'Pune',
      country: 'India',
      study: 'BSc',
      institution: 'College',
    },
    'PATCH /student_programs/:id': { solution: 'int main(void){return 0;}' },
    'PUT /api/v1/student_programs/:id/draft': { code: '// mine' },
    'POST /api/v1/student_programs/:id/run': { code: 'int main(void){return 0;}', stdin: '' },
    'POST /api/v1/student_programs/:id/trace': { code: 'int main(void){return 0;}', stdin: '' },
    'POST /api/v1/admin/trace': { code: 'int main(void){return 0;}', stdin: '' },
    'POST /api/v1/student_programs/:id/submissions': { code: 'int main(void){return 0;}' },
    'POST /api/v1/payments/update_payment_status': {
      order_id: String(ids.order),
      razorpay_payment_id: 'pay_Matrix00000000',
      razorpay_signature: 'f'.repeat(64),
    },
    'POST /api/v1/payments/test_checkout': { order_id: String(ids.order), outcome: 'failure' },
  };
  return bodies[`${method} ${url}`] ?? {};
}

/** After anonymous and B have tried everything: A's resources are as they were. */
async function expectAsResourcesUntouched(): Promise<void> {
  const db = ctx.database.db;
  const student = await db
    .selectFrom('students')
    .select(['id', 'mobile', 'student_status'])
    .where('id', '=', Number(ids.student))
    .executeTakeFirst();
  expect(student).toMatchObject({ mobile: null, student_status: 1 });
  expect(
    await db.selectFrom('course_sessions').select('id').where('id', '=', Number(ids.course)).executeTakeFirst(),
  ).toBeDefined();
  expect(
    await db.selectFrom('programs').select('id').where('id', '=', Number(ids.program)).executeTakeFirst(),
  ).toBeDefined();
  const sp = await db
    .selectFrom('student_programs')
    .select(['draft_code', 'solution'])
    .where('id', '=', Number(ids.studentProgram))
    .executeTakeFirstOrThrow();
  expect(sp).toEqual({ draft_code: null, solution: null });
  const payment = await db
    .selectFrom('payments')
    .select(['status'])
    .where('order_id', '=', String(ids.order))
    .executeTakeFirstOrThrow();
  expect(payment.status).toBe('created');
  expect(
    await db.selectFrom('test_gateway_payments').select('id').where('order_id', '=', String(ids.order)).execute(),
  ).toEqual([]);
}

describe('permission matrix', () => {
  it('routes exactly the declared endpoints, each with its declared access', () => {
    const routed = ctx.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`);
    const declared = allEndpoints.map(({ endpoint: e }) => `${e.method} ${e.path} ${e.access}`);
    expect(routed.filter((r) => !declared.includes(r))).toEqual([]);
    expect(declared.filter((d) => !routed.includes(d))).toEqual([]);
    expect(Object.keys(matrix).sort()).toEqual(allEndpoints.map(({ name }) => name).sort());
  });

  it('lets in exactly who the table says, on every route', async () => {
    const problems: string[] = [];
    // Order: refusals first (they must change nothing), then allowed calls; the admin's last (some delete).
    for (const who of ['anonymous', 'b', 'a', 'admin'] as Who[]) {
      if (who === 'a') await expectAsResourcesUntouched();
      for (const { name, endpoint: route } of allEndpoints) {
        const key = `${route.method} ${route.path}`;
        // Calls that end the caller's session or change its password run last, separately.
        if (key === 'POST /students/logout' || key === 'POST /change_password') continue;
        // A stream never ends, so inject would wait forever: notifications.api.test.ts opens it over HTTP as each.
        if (key === 'GET /api/v1/notifications/stream' || STREAMS.has(key)) continue;
        const allowed = matrix[name].includes(who);
        const url = pathFor(route.method, route.path, who);
        const token = who === 'anonymous' ? undefined : tokens[who];
        const body = bodyFor(route.method, route.path);
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: url.includes('?') || route.method !== 'GET' ? url : url,
          headers: { ...(token ? bearer(token) : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { payload: JSON.stringify(body) } : {}),
          remoteAddress: `10.77.${ALL.indexOf(who)}.${Math.floor(Math.random() * 200) + 1}`,
        });
        const refused =
          [401, 403, 404].includes(response.statusCode) ||
          (who === 'b' && response.statusCode === 400 && key.includes('payments'));
        if (who === 'a' && OWNER_SUCCEEDS.has(key) && response.statusCode >= 300)
          problems.push(`a failed on its own resource, ${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        if (allowed && [401, 403].includes(response.statusCode))
          problems.push(`${who} refused on ${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        if (!allowed && !refused)
          problems.push(`${who} NOT refused on ${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        if (response.statusCode >= 500)
          problems.push(`${who} got ${response.statusCode} on ${key}: ${response.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('ends sessions and changes passwords only for the signed-in caller', async () => {
    for (const who of ['anonymous'] as Who[]) {
      expect((await ctx.app.inject({ method: 'POST', url: '/students/logout' })).statusCode, who).toBe(401);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/change_password',
            payload: { current_password: 'x', password: 'Newpass#2026', password_confirmation: 'Newpass#2026' },
          })
        ).statusCode,
        who,
      ).toBe(401);
    }
    const logout = await ctx.app.inject({ method: 'POST', url: '/students/logout', headers: bearer(tokens.b!) });
    expect(logout.statusCode).toBeLessThan(300);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(tokens.b!) })).statusCode,
    ).toBe(401);
    // A is still signed in: B's logout ended only B's session.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(tokens.a!) })).statusCode,
    ).toBe(200);
  });
});
