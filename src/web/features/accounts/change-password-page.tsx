import { RequireAuth } from '../../components/require-auth';
import { usePageTitle } from '../../components/layout/use-page-title';
import { ChangePasswordForm } from '../../components/change-password-form';

export function ChangePasswordPage() {
  usePageTitle('Change Password');
  return (
    <div className="container page-form">
      <h1 className="h2 mb-3">Change Password</h1>
      <RequireAuth>
        <ChangePasswordForm />
      </RequireAuth>
    </div>
  );
}
