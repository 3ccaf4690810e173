import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailOnlySchema } from '../../../contracts/accounts';
import { Input } from '../../components/form-kit';
import { usePageTitle } from '../../components/layout/use-page-title';
import { ApiError } from '../../lib/api-client';
import { useForgotPassword } from './api';

type ForgotForm = z.infer<typeof emailOnlySchema>;

export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const forgot = useForgotPassword();
  // Both lines are cleared at each new submission (a new mutation starts clean).
  const success = forgot.data?.message ?? '';
  const failure = forgot.error;
  const error = !failure
    ? ''
    : failure instanceof ApiError && failure.status !== 0
      ? failure.errors.join(' ')
      : 'Could not reach the server. Please check your connection and try again.';
  const { register, handleSubmit, formState } = useForm<ForgotForm>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = ({ email }: ForgotForm) => forgot.mutate(email);

  return (
    <div className="container page-form forgot-password">
      <h1 className="h2 mb-3">Forgot Password</h1>
      <p>Enter the email you registered with and we will send you a link to reset your password.</p>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Input
          label="Email"
          type="email"
          required
          autoComplete="email"
          registration={register('email')}
          error={formState.errors.email}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending…' : 'Send Reset Link'}
        </button>
      </form>
      <p className="text-danger mt-3" role="alert">
        {error}
      </p>
      <p className="text-success" role="status">
        {success}
      </p>
    </div>
  );
}
