import { route } from '../http/endpoint-route.js';
import { accountsEndpoints } from '../../contracts/accounts.js';
import { messages } from '../../contracts/messages.js';
import { paths } from '../../contracts/paths.js';
import { currentStudent, requestToken } from '../auth/auth-guard.js';
import { AppError } from '../http/app-error.js';
import { rateLimit } from '../http/rate-limits.js';
import { toStudentResource } from '../students/student-view.js';
import type { Area } from '../app-deps.js';
import { createAccountsService, sharedAccountLimits } from './accounts.service.js';

export const accountsRoutes: Area = async (app, deps) => {
  // Open event streams: a logout ends its session's.
  const { ipLimits, streams } = deps;
  const accounts = createAccountsService({ ...deps, limits: sharedAccountLimits(deps.accountLimits, deps.counters) });
  route(app, accountsEndpoints.signup, { config: { ...rateLimit(ipLimits, 'signup') } }, async (request, reply) => {
    const { student, token } = await accounts.signup(request.body);
    return reply.status(201).send({ data: toStudentResource(student), meta: { token } });
  });

  // The link in the verification email: lands on the success page with a fresh session, or on the failure page.
  route(app, accountsEndpoints.verifyEmail, async (request, reply) => {
    const token = request.query.token;
    const verified = token ? await accounts.verifyEmail(token) : undefined;
    if (verified === 'already') return reply.redirect(`${paths.emailVerified}?already=1`, 303);
    return reply.redirect(
      verified ? `${paths.emailVerified}?token=${encodeURIComponent(verified.session)}` : paths.verificationFailed,
      303,
    );
  });

  route(app, accountsEndpoints.resendEmail, { config: { ...rateLimit(ipLimits, 'email') } }, async (request) => {
    await accounts.resendVerification(request.query.email);
    return { message: messages.resendSent };
  });

  route(app, accountsEndpoints.login, { config: { ...rateLimit(ipLimits, 'login') } }, async (request) => {
    const { student, token } = await accounts.login(request.body, request.ip);
    return { data: toStudentResource(student), meta: { token } };
  });

  route(app, accountsEndpoints.logout, { config: { accountLimit: false } }, async (request) => {
    if (!request.auth) throw new AppError('unauthorized');
    await accounts.logout(request.auth.student.id, request.auth.sessionId);
    // Its open streams end now (another process's within a few seconds: the registry checks their sessions).
    streams.endSession(request.auth.sessionId);
    return { message: messages.loggedOut };
  });

  route(app, accountsEndpoints.forgotPassword, { config: { ...rateLimit(ipLimits, 'email') } }, async (request) => {
    accounts.requestPasswordReset(request.body.email);
    return { message: messages.forgotPasswordSent };
  });

  // The reset token from the email link arrives as the bearer token (or the `token` header),
  // as the original client sends it.
  route(app, accountsEndpoints.resetPassword, { config: { ...rateLimit(ipLimits, 'email') } }, async (request) => {
    await accounts.resetPassword(requestToken(request), request.body);
    return { message: messages.passwordResetSuccessful };
  });

  route(app, accountsEndpoints.changePassword, async (request) => {
    const student = currentStudent(request);
    await accounts.changePassword(student, request.auth?.sessionId ?? -1, request.body);
    return { message: messages.passwordChanged };
  });
};
