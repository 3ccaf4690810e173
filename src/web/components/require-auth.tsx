import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../contracts/paths';
import { useProfile } from '../lib/account-api';
import { PageSpinner } from './page-spinner';

/**
 * Anonymous visitors go to the login page and come back after logging in. A page for one role sends the other
 * role to its own home: a student to /DashPage, the admin to /AdminPage.
 */
export function RequireAuth({ children, role }: { children: ReactNode; role?: 'admin' | 'student' }) {
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
  if (role === 'student' && data.role === 'admin') return <Navigate to={paths.admin} replace />;
  return children;
}

/**
 * Where someone already signed in goes from a page meant for visitors (signup, login): the admin to /AdminPage, a
 * student back where the login was asked for, or to /DashPage. Null while signed out or still loading.
 */
export function useSignedInDestination(): string | null {
  const location = useLocation();
  const { signedIn, data } = useProfile();
  if (!signedIn || !data) return null;
  if (data.role === 'admin') return paths.admin;
  return (location.state as { from?: string } | null)?.from ?? paths.dashboard;
}
