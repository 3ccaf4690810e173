import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../contracts/messages';
import { paths } from '../../../contracts/paths';
import { usePageTitle } from '../../components/layout/use-page-title';
import { LabelledInput } from '../../components/labelled-input';
import { PasswordChecklist } from '../../components/password-checklist';
import { resetPasswordRequest } from './auth-api';
import { clearSession, storeToken } from '../../lib/auth-store';

/** The checklist shows the rule but does not block submitting; the server has the last word. */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const token = params.get('token');
    if (token) storeToken(token);
  }, [params]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      window.alert(messages.passwordsDontMatch);
      return;
    }
    setBusy(true);
    try {
      const response = await resetPasswordRequest({ email, password });
      if (!response) throw new Error('empty response');
      clearSession(); // the reset token is used up
      window.alert(messages.passwordResetSuccessful);
      navigate(paths.login);
    } catch (error) {
      console.info('password reset failed', error);
      window.alert(messages.contactCustomerCare);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container page-form">
      <h1 className="h2 mb-3">Reset Password</h1>
      <form onSubmit={onSubmit}>
        <LabelledInput
          id="reset-email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <LabelledInput
          id="reset-password"
          label="New Password"
          type="password"
          required
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <LabelledInput
          id="reset-confirm"
          label="Confirm Password"
          type="password"
          required
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
        <PasswordChecklist password={password} confirm={confirm} />
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          {busy ? 'Resetting…' : 'Reset My Password'}
        </button>
      </form>
    </div>
  );
}
