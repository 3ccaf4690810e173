import { useState, type FormEvent } from 'react';
import { messages } from '../../contracts/messages';
import { PasswordChecklist } from './password-checklist';
import { FormErrors } from './form-errors';
import { LabelledInput } from './labelled-input';
import { ApiError } from '../lib/api-client';
import { changePasswordRequest } from '../lib/account-api';

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [success, setSuccess] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    setSuccess('');
    if (password !== confirm) {
      window.alert(messages.passwordsDontMatch);
      return;
    }
    setBusy(true);
    try {
      const response = await changePasswordRequest({ current_password: current, password });
      setSuccess(response.message);
      setCurrent('');
      setPassword('');
      setConfirm('');
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) setErrors(error.errors);
      else window.alert(messages.contactCustomerCare);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="change-password">
      <FormErrors errors={errors} />
      {success ? (
        <div className="alert alert-success" role="status">
          {success}
        </div>
      ) : null}
      <LabelledInput
        id="cp-current"
        label="Current Password"
        type="password"
        required
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
      />
      <LabelledInput
        id="cp-new"
        label="New Password"
        type="password"
        required
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <LabelledInput
        id="cp-confirm"
        label="Confirm Password"
        type="password"
        required
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
      />
      <PasswordChecklist password={password} confirm={confirm} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Changing…' : 'Change Password'}
      </button>
    </form>
  );
}
