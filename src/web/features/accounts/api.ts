import {
  accountsEndpoints,
  type LoginInput,
  type ResetPasswordInput,
  type SignupInput,
} from '../../../contracts/accounts';
import { callEndpoint } from '../../lib/call-endpoint';

export const signupRequest = (input: SignupInput) => callEndpoint(accountsEndpoints.signup, { body: input });
export const loginRequest = (input: LoginInput) => callEndpoint(accountsEndpoints.login, { body: input });
export const logoutRequest = () => callEndpoint(accountsEndpoints.logout);
export const resendEmailRequest = (email: string) => callEndpoint(accountsEndpoints.resendEmail, { query: { email } });
export const forgotPasswordRequest = (email: string) =>
  callEndpoint(accountsEndpoints.forgotPassword, { body: { email } });
/** The reset token from the email link is in local storage under `token` and goes as the bearer token. */
export const resetPasswordRequest = (input: ResetPasswordInput) =>
  callEndpoint(accountsEndpoints.resetPassword, { body: input, auth: true });
