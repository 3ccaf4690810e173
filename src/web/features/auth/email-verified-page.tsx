import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../contracts/paths';
import { usePageTitle } from '../../components/layout/use-page-title';
import { storeToken } from '../../lib/auth-store';

export function EmailVerifiedPage() {
  usePageTitle('Email Verified');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(null);

  // The token arrives in the query string; it is stored under `token` once the page runs in the browser.
  useEffect(() => {
    const fromQuery = params.get('token');
    if (fromQuery) {
      storeToken(fromQuery);
      setToken(fromQuery);
    }
  }, [params]);

  return (
    <div className="container page-narrow text-center">
      <h1 className="h2 text-success">Email Verification Success !</h1>
      <p className="lead">Your email is verified. Continue to create your profile.</p>
      <button
        type="button"
        className="btn btn-primary btn-lg"
        onClick={() => navigate(paths.createProfile, { state: { token } })}
      >
        Continue
      </button>
    </div>
  );
}
