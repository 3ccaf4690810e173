import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { type LoginInput, loginSchema } from '../../../contracts/accounts';
import { paths } from '../../../contracts/paths';
import { Input } from '../../components/form-kit';
import { FormErrors } from '../../components/form-errors';
import { useSignedInDestination } from '../../components/require-auth';
import { usePageTitle } from '../../components/layout/use-page-title';
import { ApiError } from '../../lib/api-client';
import { useLogin, useResendEmail } from './api';
import { formErrorLines } from '../../lib/error-text';

export function LoginPage() {
  usePageTitle('Login');
  const login = useLogin();
  const resendMail = useResendEmail();
  const failure = login.error;
  const serverErrors = formErrorLines(failure);
  // A 403 is an email not verified yet: the page offers to send the link again.
  const unverifiedEmail =
    failure instanceof ApiError && failure.status === 403 ? (login.variables?.email ?? null) : null;
  const resent = resendMail.outcome;
  const { register, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = (input: LoginInput) => {
    resendMail.reset();
    login.mutate(input);
  };

  const resend = () => {
    if (unverifiedEmail) resendMail.mutate(unverifiedEmail);
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
        <button type="submit" className="btn btn-primary w-100" disabled={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Login'}
        </button>
      </form>
      <div className="d-flex justify-content-between mt-3">
        <Link to={paths.forgotPassword}>Forgot Password</Link>
        <Link to={paths.signup}>Register</Link>
      </div>
    </div>
  );
}
