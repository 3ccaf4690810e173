import { idParamsSchema, recordIdSchema } from '../../contracts/fields.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  contentMessages,
  programInputSchema,
  programNumberSchema,
  programSchema,
  sendProgramSchema,
  studentProgramSchema,
} from '../../contracts/course-content.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import type { ProgramsService } from './programs.service.js';
import { readSolution } from './solution-body.js';
import { SOLUTION_MAX_BYTES, solutionMessages } from '../../contracts/course-content.js';
import { nowIso } from '../db/clock.js';

const studentProgramColumns = ['id', 'student_id', 'program_number', 'task', 'solution', 'submitted_at'] as const;

export const programsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; programs: ProgramsService }> = async (
  app,
  { db, programs },
) => {
  app.get(
    '/programs',
    {
      config: { access: 'admin' },
      schema: { response: { 200: z.array(programSchema.extend({ closed: z.boolean() })) } },
    },
    async () => {
      const rows = await db
        .selectFrom('programs')
        .select(['id', 'program_number', 'task', 'closed_at'])
        .orderBy('program_number')
        .execute();
      return rows.map(({ closed_at, ...row }) => ({ ...row, closed: closed_at !== null }));
    },
  );

  app.post(
    '/programs',
    { config: { access: 'admin' }, schema: { body: programInputSchema, response: { 201: programSchema } } },
    async (request, reply) => {
      try {
        const row = await db
          .insertInto('programs')
          .values(request.body)
          .returning(['id', 'program_number', 'task'])
          .executeTakeFirstOrThrow();
        return reply.status(201).send(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', contentMessages.programNumberTaken);
        throw error;
      }
    },
  );

  app.delete(
    '/programs/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const result = await db.deleteFrom('programs').where('id', '=', request.params.id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('notFound', 'No such program.');
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/programs/:id/send',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: sendProgramSchema, response: { 200: z.object({ sent: z.number() }) } },
    },
    async (request) => programs.sendToBatch(request.params.id, request.body.student_batch),
  );

  app.post(
    '/student_programs',
    {
      config: { access: 'admin' },
      schema: {
        body: z.strictObject({
          student_id: recordIdSchema,
          program_number: programNumberSchema,
          task: programInputSchema.shape.task,
          solution: z.string().max(0).nullable().optional(),
        }),
        response: { 201: studentProgramSchema },
      },
    },
    async (request, reply) => {
      const row = await programs.sendToStudent(request.body.student_id, request.body.program_number, request.body.task);
      return reply.status(201).send(row);
    },
  );

  app.get(
    '/student_programs/get_my_progs/:studentId',
    { schema: { params: z.object({ studentId: recordIdSchema }), response: { 200: z.array(studentProgramSchema) } } },
    async (request) => {
      const student = currentStudent(request);
      if (student.role !== 'admin' && student.id !== request.params.studentId) throw new AppError('forbidden');
      return db
        .selectFrom('student_programs')
        .select([...studentProgramColumns])
        .where('student_id', '=', request.params.studentId)
        .orderBy('program_number')
        .execute();
    },
  );

  // The student submits (and may resubmit until the admin closes the program) a solution to one of their programs.
  app.patch(
    '/student_programs/:id',
    {
      bodyLimit: SOLUTION_MAX_BYTES + 64 * 1024,
      schema: {
        params: idParamsSchema,
        response: { 200: z.object({ data: studentProgramSchema, meta: z.object({ message: z.string() }) }) },
      },
    },
    async (request) => {
      const student = currentStudent(request);
      const row = await db
        .selectFrom('student_programs as sp')
        .leftJoin('programs as p', 'p.program_number', 'sp.program_number')
        .select(['sp.id', 'sp.student_id', 'p.closed_at'])
        .where('sp.id', '=', request.params.id)
        .executeTakeFirst();
      if (!row || row.student_id !== student.id) throw new AppError('notFound', 'No such program of yours.');
      if (row.closed_at) throw new AppError('conflict', solutionMessages.closed);
      const solution = await readSolution(request);
      const updated = await db
        .updateTable('student_programs')
        .set({ solution, submitted_at: nowIso() })
        .where('id', '=', row.id)
        .returning([...studentProgramColumns])
        .executeTakeFirstOrThrow();
      return { data: updated, meta: { message: 'Solution submitted' } };
    },
  );

  app.post(
    '/api/v1/programs/:id/close',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: z.strictObject({ closed: z.boolean() }),
        response: { 200: programSchema.extend({ closed: z.boolean() }) },
      },
    },
    async (request) => {
      const result = await db
        .updateTable('programs')
        .set({ closed_at: request.body.closed ? nowIso() : null })
        .where('id', '=', request.params.id)
        .returning(['id', 'program_number', 'task', 'closed_at'])
        .executeTakeFirst();
      if (!result) throw new AppError('notFound', 'No such program.');
      return {
        id: result.id,
        program_number: result.program_number,
        task: result.task,
        closed: result.closed_at !== null,
      };
    },
  );

  // The admin opens every student's solution to one program.
  app.get(
    '/api/v1/admin/programs/:id/submissions',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        response: {
          200: z.array(
            studentProgramSchema.extend({ email: z.string(), first_name: z.string(), last_name: z.string() }),
          ),
        },
      },
    },
    async (request) => {
      const program = await db
        .selectFrom('programs')
        .select('program_number')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!program) throw new AppError('notFound', 'No such program.');
      return db
        .selectFrom('student_programs as sp')
        .innerJoin('students as s', 's.id', 'sp.student_id')
        .select([
          'sp.id',
          'sp.student_id',
          'sp.program_number',
          'sp.task',
          'sp.solution',
          'sp.submitted_at',
          's.email',
          's.first_name',
          's.last_name',
        ])
        .where('sp.program_number', '=', program.program_number)
        .orderBy('s.first_name')
        .execute();
    },
  );
};
