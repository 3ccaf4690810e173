import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../contracts/messages';
import { paths } from '../../../contracts/paths';
import { usePageTitle } from '../../components/layout/use-page-title';
import { logoutRequest } from './api';
import { clearSession, readToken } from '../../lib/auth-store';

export function LogoutPage() {
  usePageTitle('Logout');
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    setBusy(true);
    // The session is revoked on the server; local storage is cleared whatever the answer (an expired session is already
    // gone).
    if (readToken()) await logoutRequest().catch(() => undefined);
    clearSession();
    queryClient.clear();
    setDone(true);
    setBusy(false);
  };

  return (
    <div className="container page-narrow text-center">
      {done ? (
        <>
          <h1 className="h2 text-success">{messages.loggedOut}</h1>
          <Link className="btn btn-primary mt-2" to={paths.login}>
            {messages.loginAgain}
          </Link>
        </>
      ) : (
        <>
          <h1 className="h2">{messages.logoutQuestion}</h1>
          <button type="button" className="btn btn-danger mt-2" onClick={logout} disabled={busy}>
            {messages.logoutConfirm}
          </button>
        </>
      )}
    </div>
  );
}
