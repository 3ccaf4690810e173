import { useState, type FormEvent } from 'react';
import { messages } from '../../../contracts/messages';
import { PasswordChecklist } from '../../components/password-checklist';
import { FormErrors } from '../../components/form-errors';
import { ApiError } from '../../lib/api-client';
import { changePasswordRequest } from './auth-api';

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
      <div className="mb-3">
        <label className="form-label" htmlFor="cp-current">
          Current Password
        </label>
        <input id="cp-current" className="form-control" type="password" required autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="cp-new">
          New Password
        </label>
        <input id="cp-new" className="form-control" type="password" required autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="cp-confirm">
          Confirm Password
        </label>
        <input id="cp-confirm" className="form-control" type="password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </div>
      <PasswordChecklist password={password} confirm={confirm} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Changing…' : 'Change Password'}
      </button>
    </form>
  );
}
