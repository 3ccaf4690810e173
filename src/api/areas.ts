import type { Area } from './app-deps.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { adminStudentsRoutes } from './admin/admin-students.routes.js';
import { batchesRoutes } from './admin/batches.routes.js';
import { calendarRoutes } from './calendar/calendar.routes.js';
import { certificatesRoutes } from './certificates/certificates.routes.js';
import { coursesRoutes } from './courses/courses.routes.js';
import { doubtsRoutes } from './doubts/doubts.routes.js';
import { exercisesRoutes } from './exercises/exercises.routes.js';
import { gradebookRoutes } from './gradebook/gradebook.routes.js';
import { gradingRoutes } from './grading/grading.routes.js';
import { homeRoutes } from './home/home.routes.js';
import { outboxRoutes } from './mail/outbox.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { overviewRoutes } from './overview/overview.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { receiptsRoutes } from './payments/receipts.routes.js';
import { programsRoutes } from './programs/programs.routes.js';
import { quizRoutes } from './quiz/quiz.routes.js';
import { remindersRoutes } from './reminders/reminders.routes.js';
import { scheduleRoutes } from './schedule/schedule.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { similarityRoutes } from './similarity/similarity.routes.js';
import { siteRoutes } from './site/site.routes.js';
import { profileRoutes } from './students/profile.routes.js';
import { testimonialsRoutes } from './testimonials/testimonials.routes.js';
import { timedWorkRoutes } from './timed-work/timed-work.routes.js';

/** Every area of the API, each a plugin of one shape that builds its service from the app's deps. */
export const areas: Area[] = [
  siteRoutes,
  settingsRoutes,
  accountsRoutes,
  profileRoutes,
  adminStudentsRoutes,
  batchesRoutes,
  coursesRoutes,
  scheduleRoutes,
  programsRoutes,
  quizRoutes,
  doubtsRoutes,
  outboxRoutes,
  exercisesRoutes,
  gradingRoutes,
  timedWorkRoutes,
  paymentsRoutes,
  receiptsRoutes,
  calendarRoutes,
  remindersRoutes,
  homeRoutes,
  gradebookRoutes,
  similarityRoutes,
  notificationsRoutes,
  overviewRoutes,
  testimonialsRoutes,
  certificatesRoutes,
];
