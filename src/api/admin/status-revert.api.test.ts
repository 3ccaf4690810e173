import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { statusRevertMessages } from '../../contracts/admin.js';
import { VOIDED_REASON } from '../payments/payments.repository.js';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
const revert = (id: number, reason = 'Marked by mistake') =>
  asAdmin('POST', `/api/v1/admin/students/${id}/revert`, { reason });
const statusOf = async (id: number) =>
  (await ctx.database.db.selectFrom('students').select('student_status').where('id', '=', id).executeTakeFirstOrThrow())
    .student_status;
const fees = async () => (await asAdmin('GET', '/api/v1/admin/overview')).json().fees;

describe('undo of the teacher’s status changes', () => {
  it('undoes a wrong Paid: back to unpaid, the manual payment voided and no longer counted, audit with reason', async () => {
    const student = await verifiedStudent(ctx);
    const before = await fees();
    expect((await asAdmin('PATCH', `/students/${student.id}`, { student_status: 1 })).statusCode).toBe(200);
    const paid = await fees();
    expect(paid.payments).toBe(before.payments + 1);

    const undone = await revert(student.id, '  Paid by someone else  ');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ student_status: 0, message: statusRevertMessages.undone });
    expect(await statusOf(student.id)).toBe(0);
    expect(await fees()).toEqual(before);
    const payments = await ctx.database.db
      .selectFrom('payments')
      .select(['status', 'paid_via', 'failure_reason'])
      .where('student_id', '=', student.id)
      .execute();
    expect(payments).toEqual([{ status: 'failed', paid_via: 'manual', failure_reason: VOIDED_REASON }]);
    const adminList = (await asAdmin('GET', '/api/v1/admin/payments?status=captured')).json();
    expect(adminList.some((p: { student_id: number }) => p.student_id === student.id)).toBe(false);

    const trail = (await asAdmin('GET', `/api/v1/admin/status_changes?student_id=${student.id}`)).json();
    expect(trail).toHaveLength(2);
    expect(trail[0]).toMatchObject({
      from_status: 1,
      to_status: 0,
      reason: 'Paid by someone else',
      reverts_id: trail[1].id,
      changed_by_email: 'teacher@example.com',
    });
    expect(trail[1]).toMatchObject({ from_status: 0, to_status: 1, reason: null, reverts_id: null });

    // Undone already: a second undo is refused and changes nothing.
    const again = await revert(student.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([statusRevertMessages.alreadyUndone]);
    expect(await statusOf(student.id)).toBe(0);

    // Marked paid again later: a new manual payment is recorded (the voided one does not count as paid).
    await asAdmin('PATCH', `/students/${student.id}`, { student_status: 1 });
    expect((await fees()).payments).toBe(before.payments + 1);
  });

  it('undoes a wrong Completed: back to paid, the payment untouched', async () => {
    const student = await verifiedStudent(ctx);
    await asAdmin('PATCH', `/students/${student.id}`, { student_status: 1 });
    await asAdmin('PUT', `/students/${student.id}`, { student_status: 2 });
    const collected = await fees();
    const undone = await revert(student.id, 'Not finished yet');
    expect(undone.statusCode).toBe(200);
    expect(undone.json().student_status).toBe(1);
    expect(await statusOf(student.id)).toBe(1);
    expect(await fees()).toEqual(collected);
    // The certificate the mark issued is revoked, with the undo's reason, and kept.
    const certificates = await ctx.database.db
      .selectFrom('certificates')
      .select(['revoked_at', 'revoke_reason'])
      .where('student_id', '=', student.id)
      .execute();
    expect(certificates).toEqual([{ revoked_at: expect.any(String), revoke_reason: 'Not finished yet' }]);
    // The Paid mark before it is not the latest change any more: nothing further to undo.
    const again = await revert(student.id);
    expect(again.statusCode).toBe(409);
  });

  it('records nothing for a mark of the status the student already has, so Undo still reaches the real mark', async () => {
    const student = await verifiedStudent(ctx);
    await asAdmin('PATCH', `/students/${student.id}`, { student_status: 1 });
    await asAdmin('PUT', `/students/${student.id}`, { student_status: 2 });
    // A second tab still showing Paid: Update Course Completion again.
    const repeat = await asAdmin('PUT', `/students/${student.id}`, { student_status: 2 });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data.attributes.student_status).toBe(2);
    const trail = (await asAdmin('GET', `/api/v1/admin/status_changes?student_id=${student.id}`)).json();
    expect(trail.map((c: { to_status: number }) => c.to_status)).toEqual([2, 1]);
    const undone = await revert(student.id, 'Completed too early');
    expect(undone.statusCode).toBe(200);
    expect(await statusOf(student.id)).toBe(1);
  });

  it('refuses to undo Paid when the student paid online: the gateway must refund it', async () => {
    const student = await verifiedStudent(ctx);
    await asAdmin('PATCH', `/students/${student.id}`, { student_status: 1 });
    await ctx.database.db
      .insertInto('payments')
      .values({
        student_id: student.id,
        student_email: student.email,
        order_id: `order_Revert${student.id}`,
        payment_id: `pay_Revert${student.id}`,
        amount: 300000,
        currency: 'INR',
        status: 'captured',
        paid_via: 'webhook',
        paid_at: new Date().toISOString(),
      })
      .execute();
    const refused = await revert(student.id);
    expect(refused.statusCode).toBe(409);
    expect(JSON.stringify(refused.json())).toContain(statusRevertMessages.paidOnline);
    expect(await statusOf(student.id)).toBe(1);
  });

  it('answers 409 with nothing to undo, 404 for no such student, 400 for a missing or short reason', async () => {
    const student = await verifiedStudent(ctx);
    const nothing = await revert(student.id);
    expect(nothing.statusCode).toBe(409);
    expect(JSON.stringify(nothing.json())).toContain(statusRevertMessages.nothingToUndo);
    expect((await revert(999_999)).statusCode).toBe(404);
    await asAdmin('PATCH', `/students/${student.id}`, { student_status: 1 });
    for (const reason of ['', '  x ', 'y'.repeat(501)]) {
      const bad = await revert(student.id, reason);
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain(statusRevertMessages.reason);
    }
    const missing = await asAdmin('POST', `/api/v1/admin/students/${student.id}/revert`, {});
    expect(missing.statusCode).toBe(400);
    expect(await statusOf(student.id)).toBe(1);
  });

  it('refuses a change no longer in force: an unpaid mark after Paid is not undone', async () => {
    const student = await verifiedStudent(ctx);
    await asAdmin('PATCH', `/students/${student.id}`, { student_status: 1 });
    await asAdmin('PATCH', `/students/${student.id}`, { student_status: 0 });
    const refused = await revert(student.id);
    expect(refused.statusCode).toBe(409);
    expect(await statusOf(student.id)).toBe(0);
  });

  it('refuses students and anonymous callers', async () => {
    const student = await verifiedStudent(ctx);
    await asAdmin('PATCH', `/students/${student.id}`, { student_status: 1 });
    const url = `/api/v1/admin/students/${student.id}/revert`;
    const payload = { reason: 'Because I can' };
    expect((await ctx.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url, payload, headers: bearer(student.token) })).statusCode).toBe(
      403,
    );
    expect(await statusOf(student.id)).toBe(1);
  });
});
