import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendanceMarkInputSchema,
  attendanceParamsSchema,
  attendanceRowSchema,
  attendanceSheetQuerySchema,
  attendanceSheetSchema,
  batchScheduleParamsSchema,
  batchSessionInputSchema,
  batchSessionListSchema,
  batchSessionParamsSchema,
  batchSessionSchema,
  batchSessionUpdateSchema,
  joinLinkParamsSchema,
  joinResultSchema,
  myScheduleSchema,
  scheduleGenerateSchema,
} from '../../contracts/schedule.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { ScheduleService } from './schedule.service.js';

function sendCsv(reply: FastifyReply, { filename, csv }: { filename: string; csv: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}

/** Each batch's dated sessions (the admin's), the student's timetable and Join, and the attendance sheets. */
export const scheduleRoutes: FastifyPluginAsyncZod<{ schedule: ScheduleService }> = async (app, { schedule }) => {
  app.get(
    '/api/v1/batches/:number/sessions',
    {
      config: { access: 'admin' },
      schema: { params: batchScheduleParamsSchema, response: { 200: batchSessionListSchema } },
    },
    async (request) => schedule.list(request.params.number),
  );

  app.post(
    '/api/v1/batches/:number/sessions',
    {
      config: { access: 'admin' },
      schema: {
        params: batchScheduleParamsSchema,
        body: batchSessionInputSchema,
        response: { 201: batchSessionSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await schedule.add(request.params.number, request.body)),
  );

  app.post(
    '/api/v1/batches/:number/sessions/generate',
    {
      config: { access: 'admin' },
      schema: {
        params: batchScheduleParamsSchema,
        body: scheduleGenerateSchema,
        response: { 201: batchSessionListSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await schedule.generate(request.params.number, request.body)),
  );

  app.put(
    '/api/v1/batch_sessions/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: batchSessionParamsSchema,
        body: batchSessionUpdateSchema,
        response: { 200: batchSessionSchema },
      },
    },
    async (request) => schedule.update(request.params.id, request.body),
  );

  app.delete(
    '/api/v1/batch_sessions/:id',
    { config: { access: 'admin' }, schema: { params: batchSessionParamsSchema } },
    async (request, reply) => {
      await schedule.remove(request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/batch_sessions/:id/attendance',
    {
      config: { access: 'admin' },
      schema: {
        params: batchSessionParamsSchema,
        querystring: attendanceSheetQuerySchema,
        response: { 200: attendanceSheetSchema },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return sendCsv(reply, await schedule.sheetCsv(request.params.id));
      return schedule.sheet(request.params.id);
    },
  );

  app.put(
    '/api/v1/batch_sessions/:id/attendance/:studentId',
    {
      config: { access: 'admin' },
      schema: {
        params: attendanceParamsSchema,
        body: attendanceMarkInputSchema,
        response: { 200: attendanceRowSchema },
      },
    },
    async (request) => schedule.mark(request.params.id, request.params.studentId, request.body.mark),
  );

  app.get('/api/v1/my_schedule', { schema: { response: { 200: myScheduleSchema } } }, async (request) =>
    schedule.mySchedule(currentStudent(request)),
  );

  // A student's own link to their classes (in the page, the mails, the calendar): records, then opens the meeting.
  app.get(
    '/join/:token',
    { config: { access: 'public' }, schema: { params: joinLinkParamsSchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.redirect(await schedule.followJoinLink(request.params.token), 302);
    },
  );

  app.post(
    '/api/v1/my_sessions/:id/join',
    { schema: { params: batchSessionParamsSchema, response: { 200: joinResultSchema } } },
    async (request) => schedule.join(currentStudent(request), request.params.id),
  );
};
