import { Link } from 'react-router';
import { messages } from '../../../contracts/messages';
import { paths } from '../../../contracts/paths';
import { usePageTitle } from '../../components/layout/use-page-title';
import { useSiteInfo } from '../../lib/site-info';

/** What a link that verifies nothing shows: here, and on the success page for a made-up token. */
export function VerificationFailed() {
  const { contactEmail } = useSiteInfo();
  return (
    <div className="container page-narrow text-center">
      <h1 className="h2 text-danger">{messages.verificationFailed}</h1>
      <p className="lead">
        Please contact admin at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </p>
      <Link to={paths.homeAlias}>Go to the home page</Link>
    </div>
  );
}

export function VerificationFailedPage() {
  usePageTitle('Email Verification Failed');
  return <VerificationFailed />;
}
