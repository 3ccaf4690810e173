import { idParamsSchema } from '../../contracts/fields.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { adminDoubtSchema, doubtAnswerSchema, doubtInputSchema, doubtSchema } from '../../contracts/doubts.js';
import { paths } from '../../contracts/paths.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { Config } from '../config/env.js';
import { nowIso } from '../db/clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { doubtAnsweredMail } from '../mail/mail-templates.js';
import { enqueueMail } from '../mail/outbox.repository.js';

/** A student asks at most this many doubts an hour: enough for any class, too few to bury the others'. */
const DOUBTS_PER_HOUR = { name: 'doubts', max: 20, windowMs: 60 * 60_000 };

interface Options {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  mailQueued: () => void;
}

export const doubtsRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, config, mailQueued }) => {
  const withSession = () =>
    db
      .selectFrom('doubts as d')
      .leftJoin('course_sessions as c', 'c.id', 'd.session_id')
      .innerJoin('students as s', 's.id', 'd.student_id')
      .select([
        'd.id',
        'd.session_id',
        'c.session_number',
        'd.question',
        'd.answer',
        'd.answered_at',
        'd.created_at',
        'd.student_id',
        's.first_name',
        's.last_name',
        's.email',
      ]);

  app.post(
    '/api/v1/doubts',
    { config: { accountLimit: DOUBTS_PER_HOUR }, schema: { body: doubtInputSchema, response: { 201: doubtSchema } } },
    async (request, reply) => {
      const student = currentStudent(request);
      const sessionId = request.body.session_id ?? null;
      if (
        sessionId !== null &&
        !(await db.selectFrom('course_sessions').select('id').where('id', '=', sessionId).executeTakeFirst())
      ) {
        throw new AppError('validation', 'No such session.');
      }
      const { id } = await db
        .insertInto('doubts')
        .values({ student_id: student.id, session_id: sessionId, question: request.body.question })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await withSession().where('d.id', '=', id).executeTakeFirstOrThrow();
      return reply.status(201).send(row);
    },
  );

  app.get('/api/v1/doubts', { schema: { response: { 200: z.array(doubtSchema) } } }, async (request) =>
    withSession().where('d.student_id', '=', currentStudent(request).id).orderBy('d.id', 'desc').limit(200).execute(),
  );

  // Unanswered doubts first, oldest first among them; then the answered ones, newest first.
  app.get(
    '/api/v1/admin/doubts',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(adminDoubtSchema) } } },
    async () =>
      withSession()
        .orderBy(sql`case when d.answered_at is null then 0 else 1 end`)
        .orderBy(sql`case when d.answered_at is null then d.id else -d.id end`)
        .limit(500)
        .execute(),
  );

  app.patch(
    '/api/v1/admin/doubts/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: doubtAnswerSchema, response: { 200: adminDoubtSchema } },
    },
    async (request) => {
      const doubt = await withSession().where('d.id', '=', request.params.id).executeTakeFirst();
      if (!doubt) throw new AppError('notFound', 'No such doubt.');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('doubts')
          .set({ answer: request.body.answer, answered_at: nowIso() })
          .where('id', '=', doubt.id)
          .execute();
        await enqueueMail(
          trx,
          doubtAnsweredMail(
            doubt.email,
            doubt.first_name,
            doubt.question,
            request.body.answer,
            `${config.appUrl}${paths.dashboard}/mydoubts`,
          ),
        );
      });
      mailQueued();
      return withSession().where('d.id', '=', doubt.id).executeTakeFirstOrThrow();
    },
  );
};
