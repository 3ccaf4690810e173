import type { Migration } from 'kysely';
import * as initial from './2026-11-22T1600-initial.js';
import * as accounts from './2026-11-22T1700-accounts.js';
import * as admin from './2026-11-22T1800-admin.js';
import * as dashboard from './2026-11-22T1900-dashboard.js';
import * as payments from './2026-11-22T2000-payments.js';
import * as exercises from './2026-11-22T2100-exercises.js';
import * as sharedState from './2026-11-22T2200-shared-state.js';
import * as studentSearch from './2026-11-22T2300-student-search.js';
import * as contentVersions from './2026-11-22T2400-content-versions.js';
import * as studentSearchText from './2026-11-23T0100-student-search-text.js';
import * as outboxRecipient from './2026-11-23T0200-outbox-recipient.js';
import * as quizDeals from './2026-11-23T0300-quiz-deals.js';
import * as batchMailings from './2026-11-24T0100-batch-mailings.js';
import * as classSchedule from './2026-11-25T0100-class-schedule.js';
import * as progress from './2026-11-26T0100-progress.js';
import * as gradebook from './2026-11-26T0200-gradebook.js';
import * as progressIndexes from './2026-11-26T0300-progress-indexes.js';
import * as mailAttachments from './2026-11-27T0100-mail-attachments.js';
import * as certificates from './2026-11-27T0150-certificates.js';
import * as statusReceipts from './2026-11-27T0200-status-receipts.js';
import * as similarity from './2026-11-27T0300-similarity.js';
import * as quizExplanations from './2026-11-27T0400-quiz-explanations.js';
import * as attendanceVersions from './2026-11-28T0100-attendance-versions.js';
import * as similarityResults from './2026-11-29T0100-similarity-results.js';
import * as paymentRefunds from './2026-11-29T0200-payment-refunds.js';
import * as testimonialReview from './2026-11-29T0300-testimonial-review.js';
import * as noLeaks from './2026-11-29T0500-no-leaks.js';
import * as joinLinks from './2026-11-29T0600-join-links.js';
import * as manualPaymentMethod from './2026-11-29T0700-manual-payment-method.js';
import * as testCheckers from './2026-11-30T0100-test-checkers.js';
import * as testFiles from './2026-11-30T0200-test-files.js';
import * as testCode from './2026-11-30T0300-test-code.js';
import * as referenceSolution from './2026-11-30T0400-reference-solution.js';
import * as checkerProgram from './2026-11-30T0500-checker-program.js';
import * as programTopics from './2026-11-30T0600-program-topics.js';
import * as rubricGrades from './2026-12-01T0100-rubric-grades.js';
import * as timedWork from './2026-12-01T0200-timed-work.js';
import * as doubtSteps from './2026-12-01T0300-doubt-steps.js';
import * as doubtRunSummaries from './2026-12-02T0100-doubt-run-summaries.js';
import * as batchJoinedAt from './2026-12-03T0100-batch-joined-at.js';
import * as coderunnerGrading from './2026-12-03T0200-coderunner-grading.js';
import * as commentAnchors from './2026-12-03T0300-comment-anchors.js';
import * as testDisplay from './2026-12-04T0100-test-display.js';

/**
 * Listed statically (not read from the folder) so the compiled server finds them wherever it runs.
 * Names sort in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T1600-initial': initial,
  '2026-11-22T1700-accounts': accounts,
  '2026-11-22T1800-admin': admin,
  '2026-11-22T1900-dashboard': dashboard,
  '2026-11-22T2000-payments': payments,
  '2026-11-22T2100-exercises': exercises,
  '2026-11-22T2200-shared-state': sharedState,
  '2026-11-22T2300-student-search': studentSearch,
  '2026-11-22T2400-content-versions': contentVersions,
  '2026-11-23T0100-student-search-text': studentSearchText,
  '2026-11-23T0200-outbox-recipient': outboxRecipient,
  '2026-11-23T0300-quiz-deals': quizDeals,
  '2026-11-24T0100-batch-mailings': batchMailings,
  '2026-11-25T0100-class-schedule': classSchedule,
  '2026-11-26T0100-progress': progress,
  '2026-11-26T0200-gradebook': gradebook,
  '2026-11-26T0300-progress-indexes': progressIndexes,
  '2026-11-27T0100-mail-attachments': mailAttachments,
  '2026-11-27T0150-certificates': certificates,
  '2026-11-27T0200-status-receipts': statusReceipts,
  '2026-11-27T0300-similarity': similarity,
  '2026-11-27T0400-quiz-explanations': quizExplanations,
  '2026-11-28T0100-attendance-versions': attendanceVersions,
  '2026-11-29T0100-similarity-results': similarityResults,
  '2026-11-29T0200-payment-refunds': paymentRefunds,
  '2026-11-29T0300-testimonial-review': testimonialReview,
  '2026-11-29T0500-no-leaks': noLeaks,
  '2026-11-29T0600-join-links': joinLinks,
  '2026-11-29T0700-manual-payment-method': manualPaymentMethod,
  '2026-11-30T0100-test-checkers': testCheckers,
  '2026-11-30T0200-test-files': testFiles,
  '2026-11-30T0300-test-code': testCode,
  '2026-11-30T0400-reference-solution': referenceSolution,
  '2026-11-30T0500-checker-program': checkerProgram,
  '2026-11-30T0600-program-topics': programTopics,
  '2026-12-01T0100-rubric-grades': rubricGrades,
  '2026-12-01T0200-timed-work': timedWork,
  '2026-12-01T0300-doubt-steps': doubtSteps,
  '2026-12-02T0100-doubt-run-summaries': doubtRunSummaries,
  '2026-12-03T0100-batch-joined-at': batchJoinedAt,
  '2026-12-03T0200-coderunner-grading': coderunnerGrading,
  '2026-12-03T0300-comment-anchors': commentAnchors,
  '2026-12-04T0100-test-display': testDisplay,
};
