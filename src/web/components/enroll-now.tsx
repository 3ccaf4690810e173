import { Link } from 'react-router';
import { paths } from '../../contracts/paths';

/** Every landing section ends with this button. */
export function EnrollNow() {
  return (
    <div className="enroll-now">
      <Link className="btn btn-primary btn-lg" to={paths.signup}>
        Enroll Now
      </Link>
    </div>
  );
}
