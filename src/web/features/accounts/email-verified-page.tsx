import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../contracts/messages';
import { paths } from '../../../contracts/paths';
import { usePageTitle } from '../../components/layout/use-page-title';
import { ApiError } from '../../lib/api-client';
import { storeToken } from '../../lib/auth-store';
import { errorText } from '../../lib/error-text';
import { VerificationFailed } from './verification-failed-page';
import { callEndpoint } from '../../lib/call-endpoint';
import { profileEndpoints } from '../../../contracts/accounts';

type LinkCheck =
  | { state: 'checking' }
  | { state: 'verified'; token: string }
  | { state: 'already' }
  | { state: 'invalid' }
  | { state: 'unreachable'; error: unknown };

/**
 * Where the verification link lands. The server sends a fresh session's token in the query string; it is checked
 * with the server before it is stored under `token` (a made-up token never shows success, nor signs anyone in).
 * `?already=1`: the link was used before, so the email is verified and the student logs in.
 */
export function EmailVerifiedPage() {
  usePageTitle('Email Verified');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkCheck>({ state: 'checking' });

  useEffect(() => {
    const token = params.get('token');
    if (params.get('already') === '1' && !token) return setLink({ state: 'already' });
    if (!token) return setLink({ state: 'invalid' });
    const controller = new AbortController();
    callEndpoint(profileEndpoints.profile, { bearer: token, signal: controller.signal })
      .then((profile) => {
        storeToken(token, profile.role);
        setLink({ state: 'verified', token });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLink(
          error instanceof ApiError && error.status === 401 ? { state: 'invalid' } : { state: 'unreachable', error },
        );
      });
    return () => controller.abort();
  }, [params]);

  if (link.state === 'invalid') return <VerificationFailed />;
  if (link.state === 'already') {
    return (
      <div className="container page-narrow text-center">
        <h1 className="h2 text-success">{messages.alreadyVerified}</h1>
        <p className="lead">{messages.alreadyVerifiedLead}</p>
        <Link className="btn btn-primary btn-lg" to={paths.login}>
          Log in
        </Link>
      </div>
    );
  }
  if (link.state !== 'verified') {
    return (
      <div className="container page-narrow text-center">
        <p className="lead" role="status">
          {link.state === 'checking' ? messages.checkingVerification : errorText(link.error)}
        </p>
      </div>
    );
  }
  return (
    <div className="container page-narrow text-center">
      <h1 className="h2 text-success">{messages.verificationSuccess}</h1>
      <p className="lead">Your email is verified. Continue to create your profile.</p>
      <button
        type="button"
        className="btn btn-primary btn-lg"
        onClick={() => navigate(paths.createProfile, { state: { token: link.token } })}
      >
        Continue
      </button>
    </div>
  );
}
