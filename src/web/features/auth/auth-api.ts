import {
  authResponseSchema,
  type LoginInput,
  messageResponseSchema,
  type ResetPasswordInput,
  type SignupInput,
} from '../../../contracts/accounts';
import { apiFetch } from '../../lib/api-client';

export const signupRequest = (input: SignupInput) =>
  apiFetch('/students', authResponseSchema, { method: 'POST', body: input });
export const loginRequest = (input: LoginInput) =>
  apiFetch('/students/login', authResponseSchema, { method: 'POST', body: input });
export const logoutRequest = () => apiFetch('/students/logout', messageResponseSchema, { method: 'POST', auth: true });
export const resendEmailRequest = (email: string) =>
  apiFetch(`/students/resend_email?email=${encodeURIComponent(email)}`, messageResponseSchema);
export const forgotPasswordRequest = (email: string) =>
  apiFetch('/forgot_password', messageResponseSchema, { method: 'POST', body: { email } });
/** The reset token from the email link is in local storage under `token` and goes as the bearer token. */
export const resetPasswordRequest = (input: ResetPasswordInput) =>
  apiFetch('/reset_password', messageResponseSchema, { method: 'POST', body: input, auth: true });
