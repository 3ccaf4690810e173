import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountsEndpoints,
  type LoginInput,
  type ResetPasswordInput,
  type SignupInput,
} from '../../../contracts/accounts';
import { profileQuery } from '../../lib/account-api';
import { clearSession, readToken, storeToken } from '../../lib/auth-store';
import { callEndpoint } from '../../lib/call-endpoint';
import { errorText } from '../../lib/error-text';

export const useSignup = () =>
  useMutation({ mutationFn: (input: SignupInput) => callEndpoint(accountsEndpoints.signup, { body: input }) });

/** Signed in: the token is kept and the profile known, so the page sends the account on (the admin to /AdminPage). */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => callEndpoint(accountsEndpoints.login, { body: input }),
    onSuccess: ({ data, meta }) => {
      client.setQueryData(profileQuery().queryKey, data.attributes);
      storeToken(meta.token, data.attributes.role);
    },
  });
}

/**
 * The session is revoked on the server; local storage and every kept answer are cleared whatever the answer (an
 * expired session is already gone), so the mutation never fails.
 */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (readToken()) await callEndpoint(accountsEndpoints.logout).catch(() => undefined);
    },
    onSuccess: () => {
      clearSession();
      client.getQueryCache().clear();
    },
  });
}

/** Send the verification email again; `outcome` is the line to show: the server's answer, or why it failed. */
export function useResendEmail() {
  const mutation = useMutation({
    mutationFn: (email: string) => callEndpoint(accountsEndpoints.resendEmail, { query: { email } }),
  });
  return { ...mutation, outcome: mutation.data?.message ?? (mutation.error ? errorText(mutation.error) : null) };
}

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (email: string) => callEndpoint(accountsEndpoints.forgotPassword, { body: { email } }),
  });

/**
 * The reset token from the email link is in local storage under `token` and goes as the bearer token; it is used up
 * by the reset, so it is cleared.
 */
export const useResetPassword = () =>
  useMutation({
    mutationFn: async (input: ResetPasswordInput) => {
      const response = await callEndpoint(accountsEndpoints.resetPassword, { body: input, auth: true });
      if (!response) throw new Error('empty response');
      return response;
    },
    onSuccess: () => clearSession(),
  });
