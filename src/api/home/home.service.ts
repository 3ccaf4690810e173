import type { TimeZone } from '../../contracts/dates.js';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { STUDENT_STATUS } from '../../contracts/course.js';
import { isLate } from '../../contracts/course-content.js';
import { dashboardPaths, paths } from '../../contracts/paths.js';
import {
  byDeadline,
  type Home,
  HOME_LIMITS,
  type HomeProgram,
  homeMessages,
  isToSolve,
  planNextSteps,
} from '../../contracts/home.js';
import type { MySchedule } from '../../contracts/schedule.js';
import { nowIso } from '../db/clock.js';
import type { Database, StudentRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { ScheduleService } from '../schedule/schedule.service.js';
import { recordVisit } from '../students/visits.repository.js';
import * as home from './home.repository.js';
import { windowsOfStudent } from '../timed-work/timed-window.js';
import { timedMessages, timedState } from '../../contracts/timed-work.js';

interface Deps {
  db: Kysely<Database>;
  /** A student's classes, with the join window and attendance as My Classes has them. */
  schedule: Pick<ScheduleService, 'mySchedule'>;
  clock?: Clock;
  /** The course's time zone (a site setting), for the next steps' days and times. */
  timeZone: () => Promise<TimeZone>;
}

/** The best self-assessment attempt: the highest share of its total, the higher score on a tie. */
function bestAttempt(attempts: { score: number; total: number }[]) {
  let best: { score: number; total: number } | null = null;
  for (const attempt of attempts) {
    if (attempt.total <= 0) continue;
    const share = attempt.score / attempt.total;
    if (!best || share > best.score / best.total || (share === best.score / best.total && attempt.score > best.score))
      best = { score: attempt.score, total: attempt.total };
  }
  return best;
}

export function createHomeService({ db, schedule, clock = systemClock, timeZone }: Deps) {
  return {
    /** The signed-in student's home; opening it records their visit ("since your last visit"). */
    async home(student: StudentRow): Promise<Home> {
      if (student.role !== 'student') throw new AppError('forbidden', homeMessages.studentsOnly);
      const paid = student.student_status !== STUDENT_STATUS.unpaid;
      // After the course no program waits and the next steps are the feedback and the certificate; the batch's
      // classes go on, and the home shows the next one as to anyone in the batch.
      const completed = student.student_status === STUDENT_STATUS.completed;
      const classes: MySchedule | null =
        paid && student.student_batch !== null ? await schedule.mySchedule(student) : null;
      const now = classes?.now ?? nowIso(clock());
      const at = Date.parse(now);
      const since = await recordVisit(db, student.id, new Date(now));

      const sessions = [...(classes?.sessions ?? [])].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
      const next = sessions.find((s) => Date.parse(s.ends_at) > at);
      // Classes held before the student joined the batch are not theirs to have missed.
      const held = sessions.filter((s) => Date.parse(s.ends_at) <= at && s.status !== 'before joining');
      const attended = held.filter((s) => s.status === 'present' || s.status === 'late').length;

      const rows = await home.listStudentPrograms(db, student.id);
      const windows = await windowsOfStudent(db, student.id);
      // A timed program whose window is over can no longer be solved.
      const over = (id: number) => {
        const timing = windows.get(id);
        return timing !== undefined && timedState(timing, at) === 'over';
      };
      const zone = await timeZone();
      // A timed program not open yet: its task is hidden, and the home says when it opens.
      const opensAt = (id: number) => {
        const timing = windows.get(id);
        return timing !== undefined && timedState(timing, at) === 'waiting' ? timing.opens_at : null;
      };
      const toSolve: HomeProgram[] = rows
        .filter((row) => isToSolve({ ...row, closed: row.closed_at !== null }) && !over(row.id))
        .map((row) => ({
          id: row.id,
          program_number: row.program_number,
          task: opensAt(row.id) === null ? row.task : timedMessages.hiddenTaskUntil(opensAt(row.id)!, zone),
          opens_at: opensAt(row.id),
          due_at: row.due_at,
          overdue: row.due_at !== null && Date.parse(row.due_at) < at,
          late: row.best_late || isLate(row.due_at, row.submitted_at),
          best_score: row.best_score,
          best_total: row.best_total,
          submitted: row.solution !== null,
        }))
        .sort(byDeadline);
      const solved = rows.filter((r) => r.best_total !== null && r.best_total > 0 && r.best_score === r.best_total);

      const doubts = await home.listAnsweredDoubts(db, student.id, since, HOME_LIMITS.doubts);
      const comments = await home.listLatestComments(db, student.id, HOME_LIMITS.comments);
      const attempts = await home.listQuizScores(db, student.id);

      return {
        now,
        batch_number: student.student_batch,
        next_class: next ? { session: next, meeting_link: classes?.meeting_link ?? null } : null,
        programs_to_solve: completed ? [] : toSolve,
        since,
        doubts_answered: doubts.map((d) => ({
          id: d.id,
          session_number: d.session_number,
          question: d.question,
          answer: d.answer ?? '',
          answered_at: d.answered_at ?? '',
        })),
        comments: comments.map((c) => ({
          id: c.id,
          student_program_id: c.student_program_id,
          program_number: c.program_number,
          line: c.line,
          body: c.body,
          author: c.author_name,
          created_at: c.created_at,
          link: `${paths.dashboard}/${dashboardPaths.myProgs}/${c.student_program_id}`,
        })),
        progress: {
          sessions: { done: attended, of: held.length },
          programs: { done: solved.length, of: rows.length },
          self_assessment: bestAttempt(attempts),
        },
        next_steps: planNextSteps(
          {
            now,
            profileComplete: student.mobile !== null,
            paid,
            completed,
            feedbackGiven: student.feedback !== null && student.feedback.trim() !== '',
            batchNumber: student.student_batch,
            nextClass: next ?? null,
            programs: toSolve,
            quizTaken: attempts.length > 0,
          },
          zone,
        ),
      };
    },
  };
}
