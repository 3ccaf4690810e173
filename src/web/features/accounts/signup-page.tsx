import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { signupSchema } from '../../../contracts/accounts';
import { SIGNUP_CONFIRMATION_SECONDS } from '../../../contracts/course';
import { withPasswordConfirmation } from '../../../contracts/password';
import { paths } from '../../../contracts/paths';
import { Input } from '../../components/form-kit';
import { FormErrors } from '../../components/form-errors';
import { useSignedInDestination } from '../../components/require-auth';
import { usePageTitle } from '../../components/layout/use-page-title';
import { PasswordChecklist } from '../../components/password-checklist';
import { useResendEmail, useSignup } from './api';
import { formErrorLines } from '../../lib/error-text';

const signupFormSchema = withPasswordConfirmation(signupSchema);
type SignupForm = z.infer<typeof signupFormSchema>;

function AlmostThere({ email, onDone }: { email: string; onDone: () => void }) {
  const resendMail = useResendEmail();
  const resent = resendMail.outcome;
  const sending = resendMail.isPending;
  useEffect(() => {
    const timer = setTimeout(onDone, SIGNUP_CONFIRMATION_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [onDone]);
  const resend = () => resendMail.mutate(email);
  return (
    <div className="text-center almost-there" role="status">
      <h1 className="h2">You are almost there!</h1>
      <p className="lead">
        We have sent a verification link to <strong>{email}</strong>. Please open the email and click the link to
        activate your account.
      </p>
      <p>Didn’t get it? Check your spam folder, or send it again.</p>
      <button type="button" className="btn btn-outline-primary" onClick={resend} disabled={sending}>
        {sending ? 'Sending…' : 'Resend email'}
      </button>
      {resent ? <p className="text-success mt-3">{resent}</p> : null}
    </div>
  );
}

export function SignupPage() {
  usePageTitle('Sign up');
  const signup = useSignup();
  const failure = signup.error;
  const serverErrors = formErrorLines(failure);
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  const { register, handleSubmit, control, reset, formState } = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { email: '', password: '', confirm_password: '', first_name: '', last_name: '' },
  });
  const [password, confirm] = useWatch({ control, name: ['password', 'confirm_password'] });

  const onSubmit = ({ confirm_password: _confirm, ...input }: SignupForm) =>
    signup.mutate(input, {
      onSuccess: () => {
        reset();
        setSignedUpEmail(input.email);
      },
    });

  // Signing up is for visitors: someone already signed in goes on to their dashboard (the admin to /AdminPage).
  const destination = useSignedInDestination();
  if (destination) return <Navigate to={destination} replace />;

  return (
    <div className="container page-form">
      {signedUpEmail ? (
        <AlmostThere email={signedUpEmail} onDone={() => setSignedUpEmail(null)} />
      ) : (
        <>
          <h1 className="h2 mb-3">Sign up</h1>
          <FormErrors errors={serverErrors} />
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
              autoComplete="new-password"
              registration={register('password')}
              error={formState.errors.password}
            />
            <Input
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              registration={register('confirm_password')}
              error={formState.errors.confirm_password}
            />
            <PasswordChecklist password={password} confirm={confirm} />
            <div className="row">
              <div className="col-sm-6">
                <Input
                  label="First name"
                  autoComplete="given-name"
                  registration={register('first_name')}
                  error={formState.errors.first_name}
                />
              </div>
              <div className="col-sm-6">
                <Input
                  label="Last name"
                  autoComplete="family-name"
                  registration={register('last_name')}
                  error={formState.errors.last_name}
                />
              </div>
            </div>
            <button type="submit" className="btn btn-primary w-100" disabled={signup.isPending}>
              {signup.isPending ? 'Signing up…' : 'Sign Up'}
            </button>
          </form>
          <p className="mt-3 text-center">
            Already registered? <Link to={paths.login}>Login</Link>
          </p>
        </>
      )}
    </div>
  );
}
