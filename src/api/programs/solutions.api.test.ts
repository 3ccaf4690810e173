import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveTestimonial, bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { multipart } from '../../../test/multipart.js';
import type { TestContext } from '../../../test/test-app.js';
import { solutionMessages } from '../../contracts/course-content.js';
import { messages } from '../../contracts/messages.js';
import { FEEDBACK_NOT_YET } from '../../contracts/accounts.js';

let ctx: TestContext;
let adminToken: string;
let programId: number;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
  programId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/programs/',
      headers: bearer(adminToken),
      payload: { program_number: 70, task: 'Hello world.' },
    })
  ).json().id;
});
afterAll(() => ctx.close());

async function studentWithProgram() {
  const student = await verifiedStudent(ctx);
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/student_programs/',
    headers: bearer(adminToken),
    payload: { student_id: student.id, program_number: 70, task: 'Hello world.', solution: '' },
  });
  expect(sent.statusCode).toBe(201);
  return { ...student, programRowId: sent.json().id as number };
}

const source = '#include <stdio.h>\nint main(void) { printf("hi\\n"); return 0; }\n';

describe('submitting solutions', () => {
  it('takes a .c file and pasted text, and shows the time it was submitted', async () => {
    const s = await studentWithProgram();
    const file = multipart({}, [
      { name: 'solution', filename: 'hello.c', type: 'text/x-c', data: Buffer.from(source) },
    ]);
    const first = await ctx.app.inject({
      method: 'PATCH',
      url: `/student_programs/${s.programRowId}`,
      headers: { ...bearer(s.token), ...file.headers },
      payload: file.payload,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ solution: source, program_number: 70 });
    expect(Date.parse(first.json().data.submitted_at)).toBeGreaterThan(Date.now() - 60_000);
    const text = multipart({ solution: 'int main(void) { return 1; }' });
    const second = await ctx.app.inject({
      method: 'PATCH',
      url: `/student_programs/${s.programRowId}`,
      headers: { ...bearer(s.token), ...text.headers },
      payload: text.payload,
    });
    expect(second.json().data.solution).toBe('int main(void) { return 1; }');
    const json = await ctx.app.inject({
      method: 'PATCH',
      url: `/student_programs/${s.programRowId}`,
      headers: bearer(s.token),
      payload: { solution: source },
    });
    expect(json.statusCode).toBe(200);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/student_programs/get_my_progs/${s.id}`,
      headers: bearer(s.token),
    });
    expect(mine.json()[0].solution).toBe(source);
  });

  it("refuses another student's program, binaries, oversized and empty solutions", async () => {
    const a = await studentWithProgram();
    const b = await studentWithProgram();
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/student_programs/${b.programRowId}`,
          headers: bearer(a.token),
          payload: { solution: source },
        })
      ).statusCode,
    ).toBe(404);
    const binary = multipart({}, [
      {
        name: 'solution',
        filename: 'a.out',
        type: 'application/octet-stream',
        data: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0xff, 0xfe]),
      },
    ]);
    const bin = await ctx.app.inject({
      method: 'PATCH',
      url: `/student_programs/${a.programRowId}`,
      headers: { ...bearer(a.token), ...binary.headers },
      payload: binary.payload,
    });
    expect(bin.statusCode).toBe(400);
    expect(bin.json().errors).toEqual([solutionMessages.notText]);
    const big = multipart({}, [
      { name: 'solution', filename: 'big.c', type: 'text/x-c', data: Buffer.alloc(256 * 1024 + 1, 'a') },
    ]);
    const tooBig = await ctx.app.inject({
      method: 'PATCH',
      url: `/student_programs/${a.programRowId}`,
      headers: { ...bearer(a.token), ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    const bigField = multipart({ solution: 'a'.repeat(256 * 1024 + 1) });
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/student_programs/${a.programRowId}`,
          headers: { ...bearer(a.token), ...bigField.headers },
          payload: bigField.payload,
        })
      ).statusCode,
    ).toBe(413);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/student_programs/${a.programRowId}`,
          headers: bearer(a.token),
          payload: { solution: '   ' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/student_programs/${a.programRowId}`,
          headers: bearer(a.token),
          payload: { solution: 5 },
        })
      ).statusCode,
    ).toBe(400);
    const row = await ctx.database.db
      .selectFrom('student_programs')
      .select(['solution', 'submitted_at'])
      .where('id', '=', a.programRowId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ solution: null, submitted_at: null });
  });

  it('stops resubmission once the admin closes the program, and reopens it', async () => {
    const s = await studentWithProgram();
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/programs/${programId}/close`,
          headers: bearer(s.token),
          payload: { closed: true },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/programs/${programId}/close`,
          headers: bearer(adminToken),
          payload: { closed: true },
        })
      ).json().closed,
    ).toBe(true);
    const listed = await ctx.app.inject({ method: 'GET', url: '/programs/', headers: bearer(adminToken) });
    expect(listed.json().find((p: { id: number }) => p.id === programId).closed).toBe(true);
    const closed = await ctx.app.inject({
      method: 'PATCH',
      url: `/student_programs/${s.programRowId}`,
      headers: bearer(s.token),
      payload: { solution: source },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().errors).toEqual([solutionMessages.closed]);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/programs/${programId}/close`,
      headers: bearer(adminToken),
      payload: { closed: false },
    });
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/student_programs/${s.programRowId}`,
          headers: bearer(s.token),
          payload: { solution: source },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('feedback after the course', () => {
  it('is refused before completion and saved after it, then shown on the landing page once approved', async () => {
    const s = await verifiedStudent(ctx);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${s.id}`,
      headers: bearer(s.token),
      payload: { mobile: '9876543210', city: 'Kochi', country: 'India', study: 'MCA', institution: 'CUSAT' },
    });
    const early = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${s.id}`,
      headers: bearer(s.token),
      payload: { feedback: 'Great!' },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().errors).toEqual([FEEDBACK_NOT_YET]);
    await ctx.app.inject({
      method: 'PUT',
      url: `/students/${s.id}`,
      headers: bearer(adminToken),
      payload: { student_status: 2 },
    });
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/students/${s.id}`,
          headers: bearer(s.token),
          payload: { feedback: '  ' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/students/${s.id}`,
          headers: bearer(s.token),
          payload: { feedback: 'x'.repeat(2001) },
        })
      ).statusCode,
    ).toBe(400);
    const body = multipart({ feedback: 'Pointers finally make sense. <b>Thanks</b>' });
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${s.id}`,
      headers: { ...bearer(s.token), ...body.headers },
      payload: body.payload,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().meta.message).toBe(messages.feedbackSubmitted);
    // Feedback is moderated: not a testimonial until the teacher approves it.
    const waiting = await ctx.app.inject({ method: 'GET', url: '/students/get_old_students' });
    expect(waiting.json().map((t: { feedback: string }) => t.feedback)).not.toContain(
      'Pointers finally make sense. <b>Thanks</b>',
    );
    const approved = await approveTestimonial(ctx.app, adminToken, s.id);
    expect(approved.statusCode).toBe(200);
    const landing = await ctx.app.inject({ method: 'GET', url: '/students/get_old_students' });
    expect(landing.json()).toContainEqual(
      expect.objectContaining({
        first_name: 'Dennis',
        study: 'MCA',
        institution: 'CUSAT',
        feedback: 'Pointers finally make sense. <b>Thanks</b>',
      }),
    );
  });
});
