import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { STUDENT_STATUS } from '../../contracts/course.js';
import type { Insertable } from 'kysely';
import type { StudentTable } from '../db/schema.js';

/** A row as the table takes it (the flags 0/1): these go straight to the database, not through the repository. */
type NewStudent = Insertable<StudentTable>;

let ctx: TestContext;
let counter = 0;

function student(overrides: Partial<NewStudent>): NewStudent {
  counter += 1;
  return {
    email: `student${counter}@example.com`,
    password_hash: 'not-a-real-hash',
    first_name: `First${counter}`,
    last_name: `Last${counter}`,
    uniq_id: `CP-TEST${counter}`,
    activated: 1,
    // Multi-row inserts must name the same columns in every row: SQLite has no DEFAULT in VALUES.
    role: 'student',
    student_status: STUDENT_STATUS.unpaid,
    feedback: null,
    feedback_state: null,
    study: null,
    institution: null,
    image_path: null,
    ...overrides,
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.database.db
    .insertInto('students')
    .values([
      student({
        first_name: 'Asha',
        last_name: 'Menon',
        study: 'B.Tech',
        institution: 'College of Engineering',
        feedback: 'Pointers finally make sense.',
        feedback_state: 'approved',
        student_status: STUDENT_STATUS.completed,
        image_path: 'asha.webp',
      }),
      student({ feedback: null, student_status: STUDENT_STATUS.completed }),
      student({ feedback: 'Not finished yet', feedback_state: 'approved', student_status: STUDENT_STATUS.paid }),
      student({ feedback: 'Still waiting', feedback_state: 'pending', student_status: STUDENT_STATUS.completed }),
      student({ feedback: 'Taken down', feedback_state: 'hidden', student_status: STUDENT_STATUS.completed }),
      student({ feedback: 'Admin words', student_status: STUDENT_STATUS.completed, role: 'admin' }),
    ])
    .execute();
});
afterAll(() => ctx.close());

describe('GET /students/get_old_students (landing page testimonials)', () => {
  it('lists completed students whose feedback the teacher approved, with the testimonial fields only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/students/get_old_students' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        first_name: 'Asha',
        last_name: 'Menon',
        study: 'B.Tech',
        institution: 'College of Engineering',
        feedback: 'Pointers finally make sense.',
        get_image_url: '/uploads/photos/asha.webp',
      },
    ]);
  });

  it('never leaks private columns', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/students/get_old_students' });
    expect(response.body).not.toMatch(/email|password|uniq_id|mobile/);
  });
});
