import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  messageResponseSchema,
  resendQuerySchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailQuerySchema,
} from '../../contracts/accounts.js';
import { messages } from '../../contracts/messages.js';
import { paths } from '../../contracts/paths.js';
import { currentStudent, requestToken } from '../auth/auth-guard.js';
import { AppError } from '../http/app-error.js';
import { type IpRateLimits, rateLimit } from '../http/rate-limits.js';
import type { StreamRegistry } from '../http/stream-limits.js';
import { toStudentResource } from '../students/student-view.js';
import type { AccountsService } from './accounts.service.js';

interface Options {
  accounts: AccountsService;
  ipLimits: IpRateLimits;
  /** Open event streams, so a logout ends its session's. */
  streams: StreamRegistry;
}

export const accountsRoutes: FastifyPluginAsyncZod<Options> = async (app, { accounts, ipLimits, streams }) => {
  app.post(
    '/students',
    {
      config: { access: 'public', ...rateLimit(ipLimits, 'signup') },
      schema: { body: signupSchema, response: { 201: authResponseSchema } },
    },
    async (request, reply) => {
      const { student, token } = await accounts.signup(request.body);
      return reply.status(201).send({ data: toStudentResource(student), meta: { token } });
    },
  );

  // The link in the verification email: lands on the success page with a fresh session, or on the failure page.
  app.get(
    '/students/verify_email',
    { config: { access: 'public' }, schema: { querystring: verifyEmailQuerySchema } },
    async (request, reply) => {
      const token = request.query.token;
      const verified = token ? await accounts.verifyEmail(token) : undefined;
      if (verified === 'already') return reply.redirect(`${paths.emailVerified}?already=1`, 303);
      return reply.redirect(
        verified ? `${paths.emailVerified}?token=${encodeURIComponent(verified.session)}` : paths.verificationFailed,
        303,
      );
    },
  );

  app.get(
    '/students/resend_email',
    {
      config: { access: 'public', ...rateLimit(ipLimits, 'email') },
      schema: { querystring: resendQuerySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await accounts.resendVerification(request.query.email);
      return { message: messages.resendSent };
    },
  );

  app.post(
    '/students/login',
    {
      config: { access: 'public', ...rateLimit(ipLimits, 'login') },
      schema: { body: loginSchema, response: { 200: authResponseSchema } },
    },
    async (request) => {
      const { student, token } = await accounts.login(request.body, request.ip);
      return { data: toStudentResource(student), meta: { token } };
    },
  );

  app.post(
    '/students/logout',
    // Ending one's own session is never refused for writing too often.
    { config: { allowUnverified: true, accountLimit: false }, schema: { response: { 200: messageResponseSchema } } },
    async (request) => {
      if (!request.auth) throw new AppError('unauthorized');
      await accounts.logout(request.auth.student.id, request.auth.sessionId);
      // Its open streams end now (another process's within a few seconds: the registry checks their sessions).
      streams.endSession(request.auth.sessionId);
      return { message: messages.loggedOut };
    },
  );

  app.post(
    '/forgot_password',
    {
      config: { access: 'public', ...rateLimit(ipLimits, 'email') },
      schema: { body: emailOnlySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      accounts.requestPasswordReset(request.body.email);
      return { message: messages.forgotPasswordSent };
    },
  );

  // The reset token from the email link arrives as the bearer token (or the `token` header),
  // as the original client sends it.
  app.post(
    '/reset_password',
    {
      config: { access: 'public', ...rateLimit(ipLimits, 'email') },
      schema: { body: resetPasswordSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await accounts.resetPassword(requestToken(request), request.body);
      return { message: messages.passwordResetSuccessful };
    },
  );

  app.post(
    '/change_password',
    { schema: { body: changePasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const student = currentStudent(request);
      await accounts.changePassword(student, request.auth?.sessionId ?? -1, request.body);
      return { message: messages.passwordChanged };
    },
  );
};
