import { Link } from 'react-router';
import { paths } from '../../contracts/paths';
import { usePageTitle } from '../components/layout/use-page-title';

/** A route of the spec whose screen a later issue builds; it says so plainly instead of pretending. */
export function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="container page-narrow text-center">
      <h1 className="h2">{title}</h1>
      <p className="lead">This part of the site is not open yet. Please check back soon.</p>
      <Link className="btn btn-outline-primary" to={paths.home}>
        Back to the home page
      </Link>
    </div>
  );
}
