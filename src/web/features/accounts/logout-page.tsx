import { Link } from 'react-router';
import { messages } from '../../../contracts/messages';
import { paths } from '../../../contracts/paths';
import { usePageTitle } from '../../components/layout/use-page-title';
import { useLogout } from './api';

export function LogoutPage() {
  usePageTitle('Logout');
  const logout = useLogout();

  return (
    <div className="container page-narrow text-center">
      {logout.isSuccess ? (
        <>
          <h1 className="h2 text-success">{messages.loggedOut}</h1>
          <Link className="btn btn-primary mt-2" to={paths.login}>
            {messages.loginAgain}
          </Link>
        </>
      ) : (
        <>
          <h1 className="h2">{messages.logoutQuestion}</h1>
          <button
            type="button"
            className="btn btn-danger mt-2"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            {messages.logoutConfirm}
          </button>
        </>
      )}
    </div>
  );
}
