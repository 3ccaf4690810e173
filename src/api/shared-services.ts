import type { AppDeps } from './app-deps.js';
import { createStudentListsService } from './admin/student-lists.service.js';
import { createStudentAdminService } from './admin/student-status.service.js';
import { createCertificatesService } from './certificates/certificates.service.js';
import { createPaymentsService } from './payments/payments.service.js';
import { createReceiptNotice } from './payments/receipt-notice.js';
import { createReceiptsService } from './payments/receipts.service.js';
import { configuredGateway } from './payments/test-gateway.js';
import { createRemindersService } from './reminders/reminders.service.js';
import { createScheduleService } from './schedule/schedule.service.js';
import { createLandingTestimonials } from './testimonials/landing-testimonials.js';

/**
 * The services that more than one area uses, or that the server runs on a timer. Each is its own area's
 * `create…(deps)`; they are made here, in one place, because some are built from others (a status change runs the
 * certificate rules, the student lists count attendance from the schedule), and that order reads best as code.
 */
export function createSharedServices(deps: AppDeps, { gatewayTimeoutMs }: { gatewayTimeoutMs?: number } = {}) {
  const certificates = createCertificatesService(deps);
  const schedule = createScheduleService(deps);
  const admin = createStudentAdminService({
    ...deps,
    onStatusChange: certificates.onStatusChange,
    tellReceipt: createReceiptNotice(deps),
    attendance: schedule.attendanceCounts,
  });
  const studentLists = createStudentListsService({ ...deps, attendance: schedule.attendanceCounts });
  return {
    certificates,
    admin,
    schedule,
    studentLists,
    payments: createPaymentsService({
      ...deps,
      ...configuredGateway(deps, gatewayTimeoutMs),
      payeeName: async () => (await deps.settings.current()).businessName,
    }),
    receipts: createReceiptsService({ db: deps.db, siteInfo: deps.settings.current }),
    reminders: createRemindersService(deps),
    // The landing page carries the approved testimonials: a moderation re-renders it before answering.
    landingTestimonials: createLandingTestimonials({ studentLists, log: deps.log }),
  };
}

export type SharedServices = ReturnType<typeof createSharedServices>;
