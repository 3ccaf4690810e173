/**
 * Every endpoint of the API, by area: the permission matrix and the route checks walk this catalogue, so an endpoint
 * declared here and not routed (or routed and not declared) fails a test. Each area's table lives in its contract
 * file beside its schemas.
 */
import type { Endpoint } from './endpoint.js';
import { accountsEndpoints, profileEndpoints } from './accounts.js';
import { adminStudentsEndpoints, batchesEndpoints, outboxEndpoints, studentListEndpoints } from './admin.js';
import { calendarEndpoints } from './calendar.js';
import { certificatesEndpoints } from './certificates.js';
import { coursesEndpoints, programsEndpoints } from './course-content.js';
import { doubtsEndpoints } from './doubts.js';

import { authoringEndpoints } from './exercises/authoring.js';
import { supervisionEndpoints } from './exercises/supervision.js';
import { workspaceEndpoints } from './exercises/workspace.js';
import { gradebookEndpoints } from './gradebook.js';
import { gradingEndpoints } from './grading.js';
import { homeEndpoints } from './home.js';
import { notificationsEndpoints } from './notifications.js';
import { overviewEndpoints } from './overview.js';
import { paymentsEndpoints, receiptsEndpoints } from './payments.js';
import { quizEndpoints } from './quiz.js';
import { remindersEndpoints } from './reminders.js';
import { scheduleEndpoints } from './schedule.js';
import { settingsEndpoints } from './settings.js';
import { similarityEndpoints } from './similarity.js';
import { siteEndpoints } from './site.js';
import { testimonialsEndpoints } from './testimonials.js';
import { timedWorkEndpoints } from './timed-work.js';
import { traceEndpoints } from './trace.js';

export const apiEndpoints = {
  accounts: accountsEndpoints,
  adminStudents: adminStudentsEndpoints,
  batches: batchesEndpoints,
  calendar: calendarEndpoints,
  certificates: certificatesEndpoints,
  courses: coursesEndpoints,
  doubts: doubtsEndpoints,
  exerciseAuthoring: authoringEndpoints,
  exerciseSupervision: supervisionEndpoints,
  exerciseWorkspace: workspaceEndpoints,
  gradebook: gradebookEndpoints,
  grading: gradingEndpoints,
  home: homeEndpoints,
  notifications: notificationsEndpoints,
  outbox: outboxEndpoints,
  overview: overviewEndpoints,
  payments: paymentsEndpoints,
  profile: profileEndpoints,
  programs: programsEndpoints,
  quiz: quizEndpoints,
  receipts: receiptsEndpoints,
  reminders: remindersEndpoints,
  schedule: scheduleEndpoints,
  settings: settingsEndpoints,
  similarity: similarityEndpoints,
  site: siteEndpoints,
  studentList: studentListEndpoints,
  testimonials: testimonialsEndpoints,
  timedWork: timedWorkEndpoints,
  trace: traceEndpoints,
};

type Catalogue = typeof apiEndpoints;
/** An endpoint's name in the catalogue: its area and its name there, as `payments.createOrder`. */
export type EndpointName = {
  [Area in keyof Catalogue]: `${Area & string}.${keyof Catalogue[Area] & string}`;
}[keyof Catalogue];

/** The catalogue as a list of named endpoints. */
export const allEndpoints: { name: EndpointName; endpoint: Endpoint }[] = Object.entries(apiEndpoints).flatMap(
  ([area, table]) =>
    Object.entries(table as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `${area}.${name}` as EndpointName,
      endpoint,
    })),
);
