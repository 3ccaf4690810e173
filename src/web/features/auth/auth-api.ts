import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  AuthResponse,
  ChangePasswordInput,
  LoginInput,
  MessageResponse,
  ProfileUpdateResponse,
  ResetPasswordInput,
  SignupInput,
  StudentData,
} from '../../../contracts/accounts';
import { ApiError, apiFetch } from '../../lib/api-client';
import { clearSession, storeRole, useSignedIn } from './auth-store';

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
export const changePasswordRequest = (input: ChangePasswordInput) =>
  apiFetch<MessageResponse>('/change_password', { method: 'POST', body: input, auth: true });
export const updateProfileRequest = (id: number, form: FormData) =>
  apiFetch<ProfileUpdateResponse>(`/students/${id}`, { method: 'PATCH', body: form, auth: true });

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => apiFetch<StudentData>('/students/profile', { auth: true, signal }),
  staleTime: 60_000,
  retry: false,
});

/** The signed-in student's profile; a token the server no longer accepts is dropped. */
export function useProfile() {
  const signedIn = useSignedIn();
  const query = useQuery({ ...profileQuery, enabled: signedIn });
  const expired = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (expired) clearSession();
  }, [expired]);
  const role = query.data?.role;
  useEffect(() => {
    if (role) storeRole(role);
  }, [role]);
  return { ...query, signedIn };
}
