import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { type LoginInput, loginSchema } from '../../../contracts/accounts';
import { messages } from '../../../contracts/messages';
import { paths } from '../../../contracts/paths';
import { Input } from '../../components/form-kit';
import { FormErrors } from '../../components/form-errors';
import { useSignedInDestination } from '../../components/require-auth';
import { usePageTitle } from '../../components/layout/use-page-title';
import { ApiError } from '../../lib/api-client';
import { profileQuery } from '../../lib/account-api';
import { loginRequest, resendEmailRequest } from './api';
import { storeToken } from '../../lib/auth-store';
import { errorText } from '../../lib/error-text';

export function LoginPage() {
  usePageTitle('Login');
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (input: LoginInput) => {
    setServerErrors([]);
    setUnverifiedEmail(null);
    setResent(null);
    try {
      const { data, meta } = await loginRequest(input);
      // Signed in: the page sends the account on (useSignedInDestination), the admin to /AdminPage.
      queryClient.setQueryData(profileQuery().queryKey, data.attributes);
      storeToken(meta.token, data.attributes.role);
    } catch (error) {
      if (error instanceof ApiError) {
        setServerErrors(error.errors);
        if (error.status === 403) setUnverifiedEmail(input.email);
      } else setServerErrors([messages.contactCustomerCare]);
    }
  };

  const resend = async () => {
    if (!unverifiedEmail) return;
    try {
      setResent((await resendEmailRequest(unverifiedEmail)).message);
    } catch (error) {
      setResent(errorText(error));
    }
  };

  const destination = useSignedInDestination();
  if (destination) return <Navigate to={destination} replace />;

  return (
    <div className="container page-form">
      <h1 className="h2 mb-3">Login</h1>
      <FormErrors errors={serverErrors} />
      {unverifiedEmail ? (
        <div className="mb-3">
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={resend}>
            Resend verification email
          </button>
          {resent ? <p className="text-success mt-2 mb-0">{resent}</p> : null}
        </div>
      ) : null}
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={formState.errors.email}
        />
        <Input
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={formState.errors.password}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Logging in…' : 'Login'}
        </button>
      </form>
      <div className="d-flex justify-content-between mt-3">
        <Link to={paths.forgotPassword}>Forgot Password</Link>
        <Link to={paths.signup}>Register</Link>
      </div>
    </div>
  );
}
