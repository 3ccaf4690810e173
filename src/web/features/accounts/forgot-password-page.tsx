import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailOnlySchema } from '../../../contracts/accounts';
import { Input } from '../../components/form-kit';
import { usePageTitle } from '../../components/layout/use-page-title';
import { ApiError } from '../../lib/api-client';
import { forgotPasswordRequest } from './api';

type ForgotForm = z.infer<typeof emailOnlySchema>;

export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [success, setSuccess] = useState('');
  const [error, setError] = useState('');
  const { register, handleSubmit, formState } = useForm<ForgotForm>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: ForgotForm) => {
    // Both lines are cleared at each new submission.
    setSuccess('');
    setError('');
    try {
      setSuccess((await forgotPasswordRequest(email)).message);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status !== 0) setError(caught.errors.join(' '));
      else setError('Could not reach the server. Please check your connection and try again.');
    }
  };

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
        <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending…' : 'Send Reset Link'}
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
