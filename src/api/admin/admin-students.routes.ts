import { idParamsSchema, recordIdSchema } from '../../contracts/fields.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { studentDataSchema } from '../../contracts/accounts.js';
import { profileUpdateResponseSchema } from '../../contracts/accounts.js';
import { testimonialSchema } from '../../contracts/site.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { type SerializedJson, sendSerializedJson, serializeJson } from '../http/serialized-json.js';
import { VersionedCache } from '../common/versioned-cache.js';
import { studentPhotoUrl } from '../students/student-photo.js';
import { toStudentData, toStudentResource } from '../students/student-view.js';
import { listTestimonialRows } from '../students/testimonials.repository.js';
import { toCsv } from './csv.js';
import { sortableColumns, type StudentListKind, StudentListsRepository } from './student-lists.repository.js';
import type { StudentAdminService } from './student-status.service.js';

const listQuery = z.object({
  q: z.string().max(100).optional(),
  sort: z.enum(sortableColumns).default('id'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
  format: z.enum(['json', 'csv']).default('json'),
});

const studentListSchema = z.array(studentDataSchema);
const testimonialsSchema = z.array(testimonialSchema);
const csvHeader = [
  'Id',
  'First Name',
  'Last Name',
  'Email',
  'Mobile',
  'City',
  'Country',
  'Study',
  'College',
  'Activated',
  'Status',
  'Batch',
  'Registered',
];
const TESTIMONIAL_LIMIT = 60;

interface Options {
  db: Kysely<Database>;
  dialect: DialectName;
  admin: StudentAdminService;
}

export const adminStudentsRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, dialect, admin }) => {
  const studentLists = new StudentListsRepository(db, dialect);
  // Whole answers (a page and its total), kept until the students change: an admin paging back and forth, or
  // several tabs, cost one query each per change.
  const listAnswers = new VersionedCache<{ body: SerializedJson; total: number }>(db, 'students');
  // What every visit to the landing page asks for.
  const testimonials = new VersionedCache<SerializedJson>(db, 'students', 1);
  const lists: Record<string, StudentListKind> = {
    '/students/get_new_students': 'new',
    '/students/get_regd_students': 'regd',
    '/students': 'all',
  };

  async function answerList(
    kind: StudentListKind,
    query: z.infer<typeof listQuery>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (query.format === 'csv') {
      const rows = await studentLists.all(kind, query);
      const csv = toCsv(
        csvHeader,
        rows.map((r) => [
          r.id,
          r.first_name,
          r.last_name,
          r.email,
          r.mobile,
          r.city,
          r.country,
          r.study,
          r.institution,
          r.activated === 1 ? 'Yes' : 'No',
          r.student_status,
          r.student_batch,
          r.created_at,
        ]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="students-${kind}.csv"`)
        .send(csv);
    }
    const { q, sort, order, page, per_page: perPage } = query;
    const { value, version } = await listAnswers.get(
      JSON.stringify([kind, q?.trim(), sort, order, page, perPage]),
      async () => {
        const { rows, total } = await studentLists.page(kind, { q, sort, order, page, perPage });
        return { body: await serializeJson(studentListSchema, rows.map(toStudentData)), total };
      },
      request.auth?.contentVersions,
    );
    reply
      .header('x-total-count', String(value.total))
      .header('x-page', String(page))
      .header('x-per-page', String(perPage));
    return sendSerializedJson(request, reply, value.body, `"students-${version}"`, 'personal');
  }

  for (const [url, kind] of Object.entries(lists)) {
    app.get(
      url,
      { config: { access: 'admin' }, schema: { querystring: listQuery, response: { 200: studentListSchema } } },
      (request, reply) => answerList(kind, request.query, request, reply),
    );
  }

  // The landing page calls this without a token and gets testimonials; the admin's token gets the full list.
  app.get(
    '/students/get_old_students',
    {
      config: { access: 'public' },
      schema: { querystring: listQuery, response: { 200: z.union([studentListSchema, testimonialsSchema]) } },
    },
    async (request, reply) => {
      if (request.auth?.student.role === 'admin') return answerList('old', request.query, request, reply);
      const { value, version } = await testimonials.get('landing', async () => {
        const rows = await listTestimonialRows(db, TESTIMONIAL_LIMIT);
        return serializeJson(
          testimonialsSchema,
          rows.map((row) => ({
            first_name: row.first_name,
            last_name: row.last_name,
            study: row.study,
            institution: row.institution,
            feedback: row.feedback,
            get_image_url: studentPhotoUrl(row.image_path),
          })),
        );
      });
      return sendSerializedJson(request, reply, value, `"testimonials-${version}"`);
    },
  );

  app.delete(
    '/students/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await admin.deleteStudent(request.params.id);
      return reply.status(204).send();
    },
  );

  // Update Course Completion: `PUT /students/{id}` with `{student_status: 2}` (Update Payment is the admin's PATCH).
  app.put(
    '/students/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: z.strictObject({ student_status: z.union([z.literal(0), z.literal(1), z.literal(2)]) }),
        response: { 200: profileUpdateResponseSchema },
      },
    },
    async (request) => {
      const updated = await admin.setStatus(currentStudent(request), request.params.id, request.body.student_status);
      return { data: toStudentResource(updated), meta: { message: 'Status updated' } };
    },
  );

  app.get(
    '/api/v1/admin/status_changes',
    {
      config: { access: 'admin' },
      schema: {
        querystring: z.object({ student_id: recordIdSchema.optional() }),
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              student_id: z.number().nullable(),
              student_email: z.string(),
              from_status: z.number(),
              to_status: z.number(),
              changed_by_email: z.string(),
              created_at: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => {
      let query = db
        .selectFrom('status_changes')
        .select(['id', 'student_id', 'student_email', 'from_status', 'to_status', 'changed_by_email', 'created_at'])
        .orderBy('id', 'desc')
        .limit(200);
      if (request.query.student_id) query = query.where('student_id', '=', request.query.student_id);
      return query.execute();
    },
  );
};
