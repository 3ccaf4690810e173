import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { route } from '../http/endpoint-route.js';
import {
  profileEndpoints,
  FEEDBACK_NOT_YET,
  feedbackSchema,
  PHOTO_MAX_BYTES,
  PHOTO_UPLOADS_PER_HOUR,
  profileSchema,
} from '../../contracts/accounts.js';
import { AttemptLimiter } from '../auth/attempt-limiter.js';
import { studentStatusInputSchema } from '../../contracts/admin.js';
import { STUDENT_STATUS } from '../../contracts/course.js';
import { messages } from '../../contracts/messages.js';
import { currentStudent } from '../auth/auth-guard.js';
import { AppError } from '../http/app-error.js';
import { rateLimit } from '../http/rate-limits.js';
import { multipartError, unexpectedField } from '../http/multipart-errors.js';
import { containsNul } from '../http/storable-text.js';
import { fieldMessages } from '../../contracts/fields.js';
import type { Area } from '../app-deps.js';
import { createProfileService } from './profile.service.js';
import { statusUpdated, toStudentData, toStudentResource } from './student-view.js';

interface ParsedBody {
  fields: Record<string, unknown>;
  photo: Buffer | undefined;
}

/** JSON, or multipart with text fields and at most one file named `image`. */
async function readProfileBody(request: FastifyRequest): Promise<ParsedBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('validation', 'The request body must be a JSON object or multipart form data.');
    }
    return { fields: body as Record<string, unknown>, photo: undefined };
  }
  const fields: Record<string, unknown> = {};
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (file.fieldname !== 'image') {
          file.file.resume();
          throw unexpectedField(file.fieldname);
        }
        const buffer = await file.toBuffer();
        if (buffer.length > 0) photo = buffer; // an empty file input sends an empty part
      } else if (part.fieldname !== 'image') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error, messages.photoTooLarge);
  }
  if (containsNul(fields)) throw new AppError('validation', fieldMessages.nulCharacter);
  return { fields, photo };
}

export const profileRoutes: Area = async (app, deps) => {
  const { admin, ipLimits } = deps;
  const profiles = createProfileService({
    ...deps,
    photoUploads: new AttemptLimiter(PHOTO_UPLOADS_PER_HOUR, 60 * 60_000, deps.counters, 'photo-uploads'),
  });
  route(app, profileEndpoints.profile, async (request) => toStudentData(currentStudent(request)));

  // "The new student's data": Create Profile learns its own id (and the rest of its record) from this call.
  route(app, profileEndpoints.sendNames, async (request) => toStudentData(currentStudent(request)));

  // The original client sends this without a token after saving a new profile; see requestProfileMail.
  route(app, profileEndpoints.inviteEmail, { config: { ...rateLimit(ipLimits, 'email') } }, async (request) => {
    profiles.requestProfileMail(request.body.email);
    return { message: messages.profileMailRequested };
  });

  route(app, profileEndpoints.updateStudent, { bodyLimit: PHOTO_MAX_BYTES + 64 * 1024 }, async (request) => {
    const student = currentStudent(request);
    if (student.role === 'admin' && request.params.id !== student.id) {
      // The only change the admin makes through `PATCH /students/{id}`: Update Payment Status.
      const parsed = studentStatusInputSchema.safeParse(request.isMultipart() ? undefined : request.body);
      if (!parsed.success)
        throw new AppError(
          'validation',
          parsed.error.issues.some((issue) => issue.path[0] === 'payment')
            ? parsed.error.issues.map((issue) => issue.message)
            : 'Send {"student_status": 0, 1 or 2}.',
        );
      const { student_status: status, payment } = parsed.data;
      const received = payment && { amountPaise: payment.amount_rupees * 100, method: payment.method };
      return statusUpdated(await admin.setStatus(student, request.params.id, status, received));
    }
    // A student changes only their own record.
    if (request.params.id !== student.id) throw new AppError('forbidden');
    const { fields, photo } = await readProfileBody(request);
    if ('feedback' in fields) {
      // The original client's other use of this call: feedback after the course, on its own.
      if (student.student_status !== STUDENT_STATUS.completed) throw new AppError('forbidden', FEEDBACK_NOT_YET);
      const feedback = feedbackSchema.safeParse(fields);
      if (!feedback.success || photo) {
        throw new AppError(
          'validation',
          feedback.success ? 'Send the feedback on its own.' : feedback.error.issues.map((issue) => issue.message),
        );
      }
      const updated = await profiles.saveFeedback(student, feedback.data.feedback);
      return { data: toStudentResource(updated), meta: { message: messages.feedbackSubmitted } };
    }
    const parsed = profileSchema.safeParse(fields);
    if (!parsed.success) {
      throw new AppError(
        'validation',
        parsed.error.issues.map((issue) => issue.message),
      );
    }
    const updated = await profiles.updateProfile(student, parsed.data, photo);
    return { data: toStudentResource(updated), meta: { message: messages.profileUpdated } };
  });

  route(app, profileEndpoints.photo, async (request, reply) => {
    const photo = await profiles.photo(request.params.name);
    if (!photo) throw new AppError('notFound', 'No such photo.');
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(photo);
  });
};
