import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { changePasswordSchema } from '../../contracts/accounts';
import { messages } from '../../contracts/messages';
import { withPasswordConfirmation } from '../../contracts/password';
import { Input } from './form-kit';
import { alertPasswordMismatch, PasswordChecklist } from './password-checklist';
import { FormErrors } from './form-errors';
import { ApiError } from '../lib/api-client';
import { changePasswordRequest } from '../lib/account-api';

const changePasswordFormSchema = withPasswordConfirmation(changePasswordSchema);
type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
const empty: ChangePasswordForm = { current_password: '', password: '', confirm_password: '' };

export function ChangePasswordForm() {
  const [errors, setErrors] = useState<string[]>([]);
  const [success, setSuccess] = useState('');
  const { register, handleSubmit, control, reset, formState } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: empty,
  });
  const [password, confirm] = useWatch({ control, name: ['password', 'confirm_password'] });

  const onSubmit = async ({ confirm_password: _confirm, ...input }: ChangePasswordForm) => {
    setErrors([]);
    setSuccess('');
    try {
      const response = await changePasswordRequest(input);
      setSuccess(response.message);
      reset(empty);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) setErrors(error.errors);
      else window.alert(messages.contactCustomerCare);
    }
  };

  const onInvalid = (invalid: FieldErrors<ChangePasswordForm>) => {
    setErrors([]);
    setSuccess('');
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
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Changing…' : 'Change Password'}
      </button>
    </form>
  );
}
