import { joinLinkPath } from '../../contracts/schedule.js';
import { ensurePrivateLink } from '../auth/private-links.repository.js';
import type { Kysely } from 'kysely';
import type { StudentRow } from '../db/schema.js';
import {
  contentMessages,
  type CourseBook,
  courseSessionListSchema,
  type CourseSession,
  drivePreviewUrl,
  type MyBatch,
} from '../../contracts/course-content.js';
import { STUDENT_STATUS } from '../../contracts/course.js';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import { type SerializedJson, serializeJson } from '../http/serialized-json.js';
import { type ContentVersions, VersionedCache } from '../common/versioned-cache.js';
import * as courses from './courses.repository.js';

export const CLASSES_NEED_PAYMENT = 'The classes open once your course fee is paid. Please see My Payment.';

const COURSE_BOOK = 'course_book_drive_id';

/** Paid (and completed) students and the admin see the classes. */
function mustHavePaid(student: StudentRow): void {
  if (student.role !== 'admin' && student.student_status === STUDENT_STATUS.unpaid)
    throw new AppError('forbidden', CLASSES_NEED_PAYMENT);
}

export function createCoursesService({ db }: { db: Kysely<Database> }) {
  // Every student gets the same list: it is serialised (and gzipped) once per change to the sessions.
  const sessionsCache = new VersionedCache<SerializedJson>(db, 'course_sessions', 1);

  return {
    /** The sessions, serialised, with the version of the sessions they were read at. */
    async sessions(student: StudentRow, known?: ContentVersions): Promise<{ value: SerializedJson; version: number }> {
      mustHavePaid(student);
      return sessionsCache.get(
        'all',
        async () => serializeJson(courseSessionListSchema, await courses.listSessions(db)),
        known,
      );
    },

    async addSession(session: Omit<CourseSession, 'id'>): Promise<CourseSession> {
      try {
        return await courses.insertSession(db, session);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', contentMessages.sessionNumberTaken);
        throw error;
      }
    },

    /** The teacher corrects a session of the plan: its number, date, topics or lesson video. */
    async updateSession(id: number, session: Omit<CourseSession, 'id'>): Promise<CourseSession> {
      try {
        const updated = await courses.updateSession(db, id, session);
        if (!updated) throw new AppError('notFound', 'No such session.');
        return updated;
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', contentMessages.sessionNumberTaken);
        throw error;
      }
    },

    async deleteSession(id: number): Promise<void> {
      if (!(await courses.deleteSession(db, id))) throw new AppError('notFound', 'No such session.');
    },

    /** The batch a paid student belongs to: its start date and the video-meeting link of the classes. */
    async myBatch(student: StudentRow): Promise<MyBatch> {
      mustHavePaid(student);
      if (student.student_batch === null) return { batch_number: null, start_date: null, meeting_link: null };
      const batch = await courses.findBatchDates(db, student.student_batch);
      return {
        batch_number: student.student_batch,
        start_date: batch?.start_date ?? null,
        // The student's own join address, which records the attendance, not the meeting's.
        meeting_link: batch?.meeting_link ? joinLinkPath(await ensurePrivateLink(db, student.id, 'join')) : null,
      };
    },

    async courseBook(student: StudentRow): Promise<CourseBook> {
      mustHavePaid(student);
      const id = await courses.getSetting(db, COURSE_BOOK);
      return { preview_url: id !== undefined ? drivePreviewUrl(id) : null };
    },

    /** Sets (a Drive file id) or removes (null) the course book. */
    async setCourseBook(id: string | null): Promise<CourseBook> {
      if (id === null) await courses.deleteSetting(db, COURSE_BOOK);
      else await courses.putSetting(db, COURSE_BOOK, id);
      return { preview_url: id === null ? null : drivePreviewUrl(id) };
    },
  };
}
