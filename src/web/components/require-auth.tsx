import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../contracts/paths';
import { useProfile } from '../features/auth/auth-api';
import { PageSpinner } from './page-spinner';

/** Anonymous visitors go to the login page and come back after logging in. */
export function RequireAuth({ children, role }: { children: ReactNode; role?: 'admin' }) {
  const location = useLocation();
  const { signedIn, data, isPending, isError } = useProfile();
  if (!signedIn) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  if (isPending) return <PageSpinner />;
  if (isError || !data) {
    return (
      <div className="container page-narrow">
        <div className="alert alert-danger" role="alert">
          Your account could not be loaded. Please try again, or log in again.
        </div>
      </div>
    );
  }
  if (role === 'admin' && data.role !== 'admin') return <Navigate to={paths.dashboard} replace />;
  return children;
}
