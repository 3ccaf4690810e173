import type {
  AuthResponse,
  LoginInput,
  MessageResponse,
  ResetPasswordInput,
  SignupInput,
} from '../../../contracts/accounts';
import { apiFetch } from '../../lib/api-client';

export const signupRequest = (input: SignupInput) =>
  apiFetch<AuthResponse>('/students', { method: 'POST', body: input });
export const loginRequest = (input: LoginInput) =>
  apiFetch<AuthResponse>('/students/login', { method: 'POST', body: input });
export const logoutRequest = () => apiFetch<MessageResponse>('/students/logout', { method: 'POST', auth: true });
export const resendEmailRequest = (email: string) =>
  apiFetch<MessageResponse>(`/students/resend_email?email=${encodeURIComponent(email)}`);
export const forgotPasswordRequest = (email: string) =>
  apiFetch<MessageResponse>('/forgot_password', { method: 'POST', body: { email } });
/** The reset token from the email link is in local storage under `token` and goes as the bearer token. */
export const resetPasswordRequest = (input: ResetPasswordInput) =>
  apiFetch<MessageResponse>('/reset_password', { method: 'POST', body: input, auth: true });
