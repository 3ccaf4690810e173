import { Link } from 'react-router';
import { NOT_FOUND_TITLE, paths } from '../../contracts/paths';
import { usePageTitle } from '../components/layout/use-page-title';

export function NotFoundPage() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <div className="container page-narrow text-center">
      <p className="display-4 fw-bold text-primary mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="h2">We couldn’t find that page</h1>
      <p className="lead">The address may be mistyped, or the page may have moved.</p>
      <Link className="btn btn-primary" to={paths.home}>
        Go to the home page
      </Link>
    </div>
  );
}
