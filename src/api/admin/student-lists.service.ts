import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../contracts/clock.js';
import type { StudentData } from '../../contracts/accounts.js';
import { studentListSchema, type StudentListKind, type StudentListQuery } from '../../contracts/admin.js';
import { studentStatusLabels, studentStatusName } from '../../contracts/course.js';
import { formatDateTime, type TimeZone } from '../../contracts/dates.js';
import { testimonialListSchema } from '../../contracts/site.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import {
  ATTENDANCE_SOURCES,
  type ContentVersions,
  StampedCache,
  VersionedCache,
  versionStamp,
} from '../common/versioned-cache.js';
import { type SerializedJson, serializeJson } from '../http/serialized-json.js';
import { studentPhotoUrl } from '../students/student-photo.js';
import { toStudentData } from '../students/student-view.js';
import { listTestimonialRows } from '../testimonials/testimonials.repository.js';
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

/**
 * Each student's attendance (attended of held sessions of their batch), by student id, and the instant (ms) the
 * counts next change with time alone (a class of these batches ending), null when none will.
 */
type AttendanceCounts = (
  students: { id: number; student_batch: number | null }[],
) => Promise<{ counts: Map<number, { attended: number; held: number }>; changesAt: number | null }>;

interface ListPage {
  value: { body: SerializedJson; total: number };
  version: string;
}

/** The admin's student lists and the landing page's testimonials, each answer serialised once per change. */
export function createStudentListsService({
  db,
  dialect,
  attendance,
  clock,
  timeZone,
}: {
  db: Kysely<Database>;
  dialect: DialectName;
  attendance: AttendanceCounts;
  clock: Clock;
  /** The course's time zone (a site setting), for the times in the CSV. */
  timeZone: () => Promise<TimeZone>;
}) {
  const studentLists = new StudentListsRepository(db, dialect);
  // Whole pages (rows and total), kept until the students change: an admin paging back and forth, or several tabs,
  // cost one query each per change. Attendance changes without the students changing: it is added to each answer.
  const listAnswers = new VersionedCache<{ rows: StudentData[]; total: number }>(db, 'students');
  // Whole answers, Attendance column included and serialised, while the students, the attendance and the classes
  // stand still and no class of the listed batches has ended since: an admin list asked again costs two version
  // reads, not an attendance count, a serialisation and a gzip.
  const pages = new StampedCache<ListPage>();
  // What every visit to the landing page asks for.
  const testimonials = new VersionedCache<SerializedJson>(db, 'students', 1);

  return {
    /** Every matching student, as a CSV file. */
    async csv(kind: StudentListKind, query: StudentListQuery): Promise<string> {
      const rows = await studentLists.all(kind, query);
      const zone = await timeZone();
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
          r.activated ? 'Yes' : 'No',
          // As the screens show them: the status's word, the time on the course clock.
          studentStatusLabels[studentStatusName(r.student_status)],
          r.student_batch,
          formatDateTime(r.created_at, zone),
        ]),
      );
    },

    /**
     * One page of a list, serialised, with the list's total and its version: the students' version it was read at
     * and a digest of the page's attendance, which changes without the students changing.
     */
    async page(kind: StudentListKind, query: StudentListQuery, known?: ContentVersions): Promise<ListPage> {
      const { q, sort, order, page, per_page: perPage } = query;
      const key = JSON.stringify([kind, q?.trim(), sort, order, page, perPage]);
      const { value, version } = await listAnswers.get(
        key,
        async () => {
          const { rows, total } = await studentLists.page(kind, { q, sort, order, page, perPage });
          return { rows: rows.map(toStudentData), total };
        },
        known,
      );
      // The rows' own version, and what their Attendance column is counted from.
      const stamp = `${version}:${await versionStamp(db, ATTENDANCE_SOURCES, known)}`;
      const kept = pages.get(key, stamp, clock().getTime());
      if (kept) return kept;

      const { counts, changesAt } = await attendance(value.rows);
      const listed = value.rows.map((row) => ({ ...row, attendance: counts.get(row.id) ?? null }));
      const digest = createHash('sha256')
        .update(JSON.stringify(listed.map((row) => row.attendance)))
        .digest('base64url')
        .slice(0, 12);
      const answer: ListPage = {
        value: { body: await serializeJson(studentListSchema, listed), total: value.total },
        version: `${version}-${digest}`,
      };
      pages.set(key, stamp, changesAt, answer);
      return answer;
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
