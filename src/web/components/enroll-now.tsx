import { Link } from 'react-router';
import { paths } from '../../contracts/paths';

/** Every landing section ends with this button (spec section 2). */
export function EnrollNow() {
  return (
    <div className="enroll-now">
      <Link className="btn btn-primary btn-lg" to={paths.signup}>
        Enroll Now
      </Link>
    </div>
  );
}
