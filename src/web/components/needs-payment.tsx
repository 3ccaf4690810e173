import { Link } from 'react-router';
import { dashboardPaths, paths } from '../../contracts/paths';

/** What an unpaid student sees in place of a section that opens with the fee paid. */
export function NeedsPayment({ title, what }: { title: string; what: string }) {
  return (
    <>
      <h1 className="h4">{title}</h1>
      <p>{what} open once your course fee is paid.</p>
      <Link className="btn btn-primary" to={`${paths.dashboard}/${dashboardPaths.myPayment}`}>
        Go to My Payment
      </Link>
    </>
  );
}
