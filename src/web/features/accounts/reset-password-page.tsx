import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { resetPasswordSchema } from '../../../contracts/accounts';
import { messages } from '../../../contracts/messages';
import { withPasswordConfirmation } from '../../../contracts/password';
import { paths } from '../../../contracts/paths';
import { Input } from '../../components/form-kit';
import { usePageTitle } from '../../components/layout/use-page-title';
import { alertPasswordMismatch, PasswordChecklist } from '../../components/password-checklist';
import { useResetPassword } from './api';
import { storeResetToken } from '../../lib/auth-store';

/**
 * The request's schema with the password only required: the checklist shows the rule but does not block submitting
 * (as the original site did); the server has the last word.
 */
const resetPasswordFormSchema = withPasswordConfirmation(
  resetPasswordSchema.extend({ password: z.string().min(1, 'Password is required') }),
);
type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [params] = useSearchParams();
  const { register, handleSubmit, control, formState } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { email: '', password: '', confirm_password: '' },
  });
  const [password, confirm] = useWatch({ control, name: ['password', 'confirm_password'] });

  useEffect(() => {
    const token = params.get('token');
    if (token) storeResetToken(token);
  }, [params]);

  const onSubmit = ({ confirm_password: _confirm, ...input }: ResetPasswordForm) =>
    resetPassword.mutate(input, {
      onSuccess: () => {
        window.alert(messages.passwordResetSuccessful);
        void navigate(paths.login);
      },
      onError: (error) => {
        console.info('password reset failed', error);
        window.alert(messages.contactCustomerCare);
      },
    });

  // A mismatch is alerted (beside the message under Confirm Password) and sends nothing.
  const onInvalid = (invalid: FieldErrors<ResetPasswordForm>) => alertPasswordMismatch(invalid);

  return (
    <div className="container page-form">
      <h1 className="h2 mb-3">Reset Password</h1>
      <form onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate>
        <Input
          id="reset-email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          registration={register('email')}
          error={formState.errors.email}
        />
        <Input
          id="reset-password"
          label="New Password"
          type="password"
          required
          autoComplete="new-password"
          registration={register('password')}
          error={formState.errors.password}
        />
        <Input
          id="reset-confirm"
          label="Confirm Password"
          type="password"
          required
          autoComplete="new-password"
          registration={register('confirm_password')}
          error={formState.errors.confirm_password}
        />
        <PasswordChecklist password={password} confirm={confirm} />
        <button type="submit" className="btn btn-primary w-100" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? 'Resetting…' : 'Reset My Password'}
        </button>
      </form>
    </div>
  );
}
