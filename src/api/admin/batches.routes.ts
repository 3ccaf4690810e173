import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { emailOnlySchema, profileUpdateResponseSchema } from '../../contracts/accounts.js';
import { batchInfoSchema, batchMemberSchema } from '../../contracts/admin.js';
import { batchNumberSchema } from '../../contracts/course-content.js';
import { isoDateSchema } from '../../contracts/fields.js';
import { STUDENT_STATUS } from '../../contracts/course.js';
import { paths } from '../../contracts/paths.js';
import type { Config } from '../config/env.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { batchStartMail, inviteMail, meetingLinkMail } from '../mail/mail-templates.js';
import { enqueueMail } from '../mail/outbox.repository.js';
import { toStudentResource } from '../students/student-view.js';
import { batchMailingInputSchema, batchMailingResultSchema } from '../../contracts/admin.js';
import { mailBatchOnce } from './batch-mailings.js';
import type { StudentAdminService } from './student-status.service.js';

const batchUpdateSchema = z.strictObject({
  start_date: isoDateSchema('Start date').nullable().optional(),
  meeting_link: z
    .url({ protocol: /^https$/, error: 'Meeting link must be an https:// address' })
    .max(500)
    .nullable()
    .optional(),
});

interface Options {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  admin: StudentAdminService;
  mailQueued: () => void;
}

export const batchesRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, config, admin, mailQueued }) => {
  app.get(
    '/students/getbatch',
    {
      config: { access: 'admin' },
      schema: {
        querystring: z.object({ student_batch: batchNumberSchema }),
        response: { 200: z.array(batchMemberSchema) },
      },
    },
    async (request) =>
      db
        .selectFrom('students')
        .select(['id', 'student_batch', 'email', 'student_status'])
        .where('role', '=', 'student')
        .where('student_batch', '=', request.query.student_batch)
        .orderBy('email')
        .execute(),
  );

  app.patch(
    '/students/update_batch',
    {
      config: { access: 'admin' },
      schema: {
        body: z.strictObject({ email: emailOnlySchema.shape.email, student_batch: batchNumberSchema }),
        response: { 200: profileUpdateResponseSchema },
      },
    },
    async (request) => {
      const updated = await admin.setBatch(request.body.email, request.body.student_batch);
      return { data: toStudentResource(updated), meta: { message: `Moved to batch ${request.body.student_batch}` } };
    },
  );

  app.get(
    '/api/v1/batches',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(batchInfoSchema) } } },
    async () => {
      const batches = await db
        .selectFrom('batches')
        .select(['batch_number', 'start_date', 'meeting_link'])
        .orderBy('batch_number')
        .execute();
      const counts = await db
        .selectFrom('students')
        .select(['student_batch', (eb) => eb.fn.countAll<number>().as('n')])
        .where('student_batch', 'is not', null)
        .groupBy('student_batch')
        .execute();
      return batches.map((b) => ({
        ...b,
        students: Number(counts.find((c) => c.student_batch === b.batch_number)?.n ?? 0),
      }));
    },
  );

  app.put(
    '/api/v1/batches/:number',
    {
      config: { access: 'admin' },
      schema: {
        params: z.object({ number: batchNumberSchema }),
        body: batchUpdateSchema,
        response: { 200: batchInfoSchema },
      },
    },
    async (request) => {
      const number = request.params.number;
      await db
        .insertInto('batches')
        .values({ batch_number: number })
        .onConflict((oc) => oc.column('batch_number').doNothing())
        .execute();
      // An empty body changes nothing (and an UPDATE with nothing to set is not valid SQL).
      if (Object.keys(request.body).length > 0)
        await db.updateTable('batches').set(request.body).where('batch_number', '=', number).execute();
      const batch = await db
        .selectFrom('batches')
        .select(['batch_number', 'start_date', 'meeting_link'])
        .where('batch_number', '=', number)
        .executeTakeFirstOrThrow();
      const count = await db
        .selectFrom('students')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('student_batch', '=', number)
        .executeTakeFirstOrThrow();
      return { ...batch, students: Number(count.n) };
    },
  );

  // How it works: the start date goes to every registered student not yet in a batch...
  app.post(
    '/api/v1/batches/:number/announce',
    {
      config: { access: 'admin' },
      schema: {
        params: z.object({ number: batchNumberSchema }),
        body: batchMailingInputSchema,
        response: { 200: batchMailingResultSchema },
      },
    },
    async (request) => {
      const batch = await db
        .selectFrom('batches')
        .selectAll()
        .where('batch_number', '=', request.params.number)
        .executeTakeFirst();
      if (!batch?.start_date) throw new AppError('validation', 'Set the start date of this batch first.');
      const startDate = batch.start_date;
      const result = await mailBatchOnce(
        db,
        {
          batchNumber: batch.batch_number,
          kind: 'start_date',
          content: startDate,
          resend: request.body?.resend === true,
        },
        async (trx) => {
          const students = await trx
            .selectFrom('students')
            .select(['email', 'first_name'])
            .where('role', '=', 'student')
            .where('activated', '=', 1)
            .where('student_batch', 'is', null)
            .where('student_status', '=', STUDENT_STATUS.unpaid)
            .execute();
          for (const s of students)
            await enqueueMail(
              trx,
              batchStartMail(
                s.email,
                s.first_name,
                batch.batch_number,
                startDate,
                `${config.appUrl}${paths.dashboard}`,
              ),
            );
          return students.length;
        },
      );
      if (result.queued > 0) mailQueued();
      return result;
    },
  );

  // ...and the meeting link to every paid student of the batch.
  app.post(
    '/api/v1/batches/:number/send_link',
    {
      config: { access: 'admin' },
      schema: {
        params: z.object({ number: batchNumberSchema }),
        body: batchMailingInputSchema,
        response: { 200: batchMailingResultSchema },
      },
    },
    async (request) => {
      const batch = await db
        .selectFrom('batches')
        .selectAll()
        .where('batch_number', '=', request.params.number)
        .executeTakeFirst();
      if (!batch?.meeting_link) throw new AppError('validation', 'Set the meeting link of this batch first.');
      const link = batch.meeting_link;
      const result = await mailBatchOnce(
        db,
        { batchNumber: batch.batch_number, kind: 'meeting_link', content: link, resend: request.body?.resend === true },
        async (trx) => {
          const students = await trx
            .selectFrom('students')
            .select(['email', 'first_name'])
            .where('role', '=', 'student')
            .where('student_batch', '=', batch.batch_number)
            .where('student_status', '=', STUDENT_STATUS.paid)
            .execute();
          for (const s of students)
            await enqueueMail(trx, meetingLinkMail(s.email, s.first_name, batch.batch_number, batch.start_date, link));
          return students.length;
        },
      );
      if (result.queued > 0) mailQueued();
      return result;
    },
  );

  // The teacher invites someone to sign up.
  app.post(
    '/api/v1/admin/invite_email',
    {
      config: { access: 'admin' },
      schema: { body: emailOnlySchema, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      await enqueueMail(db, inviteMail(request.body.email, `${config.appUrl}${paths.signup}`));
      mailQueued();
      return { message: `Invitation queued for ${request.body.email}` };
    },
  );

  // The new students' names: registered, unpaid and not yet in a batch.
  app.get(
    '/api/v1/admin/new_student_names',
    {
      config: { access: 'admin' },
      schema: {
        response: {
          200: z.array(z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() })),
        },
      },
    },
    async () =>
      db
        .selectFrom('students')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where('role', '=', 'student')
        .where('student_status', '=', STUDENT_STATUS.unpaid)
        .where('student_batch', 'is', null)
        .orderBy('id')
        .execute(),
  );
};
