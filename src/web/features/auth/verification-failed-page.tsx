import { Link } from 'react-router';
import { paths } from '../../../contracts/paths';
import { usePageTitle } from '../../components/layout/use-page-title';
import { useSiteInfo } from '../../lib/site-info';

export function VerificationFailedPage() {
  usePageTitle('Email Verification Failed');
  const { contactEmail } = useSiteInfo();
  return (
    <div className="container page-narrow text-center">
      <h1 className="h2 text-danger">Email Verification Failed !</h1>
      <p className="lead">
        Please contact admin at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </p>
      <Link to={paths.homeAlias}>Go to the home page</Link>
    </div>
  );
}
