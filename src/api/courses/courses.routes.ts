import { idParamsSchema } from '../../contracts/fields.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  contentMessages,
  courseBookInputSchema,
  courseBookSchema,
  courseSessionInputSchema,
  courseSessionSchema,
  drivePreviewUrl,
} from '../../contracts/course-content.js';
import { STUDENT_STATUS } from '../../contracts/course.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import { type SerializedJson, sendSerializedJson, serializeJson } from '../http/serialized-json.js';
import { VersionedCache } from '../common/versioned-cache.js';

export const CLASSES_NEED_PAYMENT = 'The classes open once your course fee is paid. Please see My Payment.';

export const coursesRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  // Paid (and completed) students and the admin see the sessions; the spec's client asks only when paid.
  // Every student gets the same list: it is serialised (and gzipped) once per change to the sessions, and a
  // browser holding the current copy gets 304.
  const sessionsCache = new VersionedCache<SerializedJson>(db, 'course_sessions', 1);
  const sessionsSchema = z.array(courseSessionSchema);
  app.get('/courses', { schema: { response: { 200: sessionsSchema } } }, async (request, reply) => {
    const student = currentStudent(request);
    if (student.role !== 'admin' && student.student_status === STUDENT_STATUS.unpaid)
      throw new AppError('forbidden', CLASSES_NEED_PAYMENT);
    const { value, version } = await sessionsCache.get(
      'all',
      async () =>
        serializeJson(
          sessionsSchema,
          await db
            .selectFrom('course_sessions')
            .select(['id', 'session_number', 'session_date', 'topics', 'lesson_video'])
            .orderBy('session_number')
            .execute(),
        ),
      request.auth?.contentVersions,
    );
    return sendSerializedJson(request, reply, value, `"sessions-${version}"`);
  });

  // The batch a paid student belongs to: its start date and the video-meeting link of the classes.
  app.get(
    '/api/v1/my_batch',
    {
      schema: {
        response: {
          200: z.object({
            batch_number: z.number().nullable(),
            start_date: z.string().nullable(),
            meeting_link: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const student = currentStudent(request);
      if (student.role !== 'admin' && student.student_status === STUDENT_STATUS.unpaid)
        throw new AppError('forbidden', CLASSES_NEED_PAYMENT);
      if (student.student_batch === null) return { batch_number: null, start_date: null, meeting_link: null };
      const batch = await db
        .selectFrom('batches')
        .select(['start_date', 'meeting_link'])
        .where('batch_number', '=', student.student_batch)
        .executeTakeFirst();
      return {
        batch_number: student.student_batch,
        start_date: batch?.start_date ?? null,
        meeting_link: batch?.meeting_link ?? null,
      };
    },
  );

  const COURSE_BOOK = 'course_book_drive_id';
  app.get('/api/v1/course_book', { schema: { response: { 200: courseBookSchema } } }, async (request) => {
    const student = currentStudent(request);
    if (student.role !== 'admin' && student.student_status === STUDENT_STATUS.unpaid)
      throw new AppError('forbidden', CLASSES_NEED_PAYMENT);
    const row = await db.selectFrom('settings').select('value').where('key', '=', COURSE_BOOK).executeTakeFirst();
    return { preview_url: row ? drivePreviewUrl(row.value) : null };
  });

  app.put(
    '/api/v1/admin/course_book',
    { config: { access: 'admin' }, schema: { body: courseBookInputSchema, response: { 200: courseBookSchema } } },
    async (request) => {
      const id = request.body.url;
      if (id === null) await db.deleteFrom('settings').where('key', '=', COURSE_BOOK).execute();
      else
        await db
          .insertInto('settings')
          .values({ key: COURSE_BOOK, value: id })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: id }))
          .execute();
      return { preview_url: id === null ? null : drivePreviewUrl(id) };
    },
  );

  app.post(
    '/courses',
    { config: { access: 'admin' }, schema: { body: courseSessionInputSchema, response: { 201: courseSessionSchema } } },
    async (request, reply) => {
      try {
        const row = await db
          .insertInto('course_sessions')
          .values(request.body)
          .returning(['id', 'session_number', 'session_date', 'topics', 'lesson_video'])
          .executeTakeFirstOrThrow();
        return reply.status(201).send(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', contentMessages.sessionNumberTaken);
        throw error;
      }
    },
  );

  app.delete(
    '/courses/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const result = await db.deleteFrom('course_sessions').where('id', '=', request.params.id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('notFound', 'No such session.');
      return reply.status(204).send();
    },
  );
};
