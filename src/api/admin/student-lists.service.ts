import type { Kysely } from 'kysely';
import { studentListSchema, type StudentListKind, type StudentListQuery } from '../../contracts/admin.js';
import { testimonialListSchema } from '../../contracts/site.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { type ContentVersions, VersionedCache } from '../common/versioned-cache.js';
import { type SerializedJson, serializeJson } from '../http/serialized-json.js';
import { studentPhotoUrl } from '../students/student-photo.js';
import { toStudentData } from '../students/student-view.js';
import { listTestimonialRows } from '../students/testimonials.repository.js';
import { toCsv } from './csv.js';
import { StudentListsRepository } from './student-lists.repository.js';

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

/** The admin's student lists and the landing page's testimonials, each answer serialised once per change. */
export function createStudentListsService(db: Kysely<Database>, dialect: DialectName) {
  const studentLists = new StudentListsRepository(db, dialect);
  // Whole answers (a page and its total), kept until the students change: an admin paging back and forth, or
  // several tabs, cost one query each per change.
  const listAnswers = new VersionedCache<{ body: SerializedJson; total: number }>(db, 'students');
  // What every visit to the landing page asks for.
  const testimonials = new VersionedCache<SerializedJson>(db, 'students', 1);

  return {
    /** Every matching student, as a CSV file. */
    async csv(kind: StudentListKind, query: StudentListQuery): Promise<string> {
      const rows = await studentLists.all(kind, query);
      return toCsv(
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
    },

    /** One page of a list, serialised, with the list's total and the version of the students it was read at. */
    async page(
      kind: StudentListKind,
      query: StudentListQuery,
      known?: ContentVersions,
    ): Promise<{ value: { body: SerializedJson; total: number }; version: number }> {
      const { q, sort, order, page, per_page: perPage } = query;
      return listAnswers.get(
        JSON.stringify([kind, q?.trim(), sort, order, page, perPage]),
        async () => {
          const { rows, total } = await studentLists.page(kind, { q, sort, order, page, perPage });
          return { body: await serializeJson(studentListSchema, rows.map(toStudentData)), total };
        },
        known,
      );
    },

    /** The landing page's testimonials, serialised. */
    testimonials(): Promise<{ value: SerializedJson; version: number }> {
      return testimonials.get('landing', async () => {
        const rows = await listTestimonialRows(db, TESTIMONIAL_LIMIT);
        return serializeJson(
          testimonialListSchema,
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
    },
  };
}

export type StudentListsService = ReturnType<typeof createStudentListsService>;
