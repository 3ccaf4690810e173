import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { changePasswordSchema } from '../../contracts/accounts';
import { messages } from '../../contracts/messages';
import { withPasswordConfirmation } from '../../contracts/password';
import { Input } from './form-kit';
import { alertPasswordMismatch, PasswordChecklist } from './password-checklist';
import { FormErrors } from './form-errors';
import { ApiError } from '../lib/api-client';
import { useChangePassword } from '../lib/account-api';

const changePasswordFormSchema = withPasswordConfirmation(changePasswordSchema);
type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
const empty: ChangePasswordForm = { current_password: '', password: '', confirm_password: '' };

export function ChangePasswordForm() {
  const change = useChangePassword();
  // A failure other than the server's refusal (no connection) is alerted instead.
  const errors = change.error instanceof ApiError && change.error.status !== 0 ? change.error.errors : [];
  const success = change.data?.message ?? '';
  const { register, handleSubmit, control, reset, formState } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: empty,
  });
  const [password, confirm] = useWatch({ control, name: ['password', 'confirm_password'] });

  const onSubmit = ({ confirm_password: _confirm, ...input }: ChangePasswordForm) =>
    change.mutate(input, {
      onSuccess: () => reset(empty),
      onError: (error) => {
        if (!(error instanceof ApiError && error.status !== 0)) window.alert(messages.contactCustomerCare);
      },
    });

  const onInvalid = (invalid: FieldErrors<ChangePasswordForm>) => {
    change.reset();
    alertPasswordMismatch(invalid);
  };

  return (
    <form onSubmit={handleSubmit(onSubmit, onInvalid)} className="change-password" noValidate>
      <FormErrors errors={errors} />
      {success ? (
        <div className="alert alert-success" role="status">
          {success}
        </div>
      ) : null}
      <Input
        id="cp-current"
        label="Current Password"
        type="password"
        required
        autoComplete="current-password"
        registration={register('current_password')}
        error={formState.errors.current_password}
      />
      <Input
        id="cp-new"
        label="New Password"
        type="password"
        required
        autoComplete="new-password"
        registration={register('password')}
        error={formState.errors.password}
      />
      <Input
        id="cp-confirm"
        label="Confirm Password"
        type="password"
        required
        autoComplete="new-password"
        registration={register('confirm_password')}
        error={formState.errors.confirm_password}
      />
      <PasswordChecklist password={password} confirm={confirm} />
      <button type="submit" className="btn btn-primary" disabled={change.isPending}>
        {change.isPending ? 'Changing…' : 'Change Password'}
      </button>
    </form>
  );
}
