import { useState } from 'react';
import { Link } from 'react-router';
import type { StudentData } from '../../contracts/accounts';
import { paths } from '../../contracts/paths';
import { RequireAuth } from '../components/require-auth';
import { usePageTitle } from '../components/layout/use-page-title';
import { useProfile } from '../lib/account-api';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileForm } from '../features/students/profile-form';
import { EmailText } from '../components/email-text';
import { RemindersSwitch } from '../features/notifications/reminders-switch';
import { NotificationSettings } from '../features/notifications/notification-settings';

/**
 * The admin's Edit Profile: the teacher's account has none of a student's profile (mobile, city, college, photo);
 * its email is the site's ADMIN_EMAIL setting. What the teacher can change is the password.
 */
function AdminAccount({ admin }: { admin: StudentData }) {
  return (
    <>
      <p>This is the teacher’s account, which runs the course from the Admin Dashboard. It has no student profile.</p>
      <dl className="account-details">
        <dt>Name</dt>
        <dd>
          {admin.first_name} {admin.last_name}
        </dd>
        <dt>Email</dt>
        <dd>
          <EmailText email={admin.email} />
        </dd>
      </dl>
      <h2 className="h4">Change Password</h2>
      <ChangePasswordForm />
      <NotificationSettings />
      <p className="mt-4">
        <Link to={paths.admin}>Back to the Admin Dashboard</Link>
      </p>
    </>
  );
}

function ProfileView() {
  const { data } = useProfile();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!data) return null;
  if (data.role === 'admin') return <AdminAccount admin={data} />;
  return (
    <>
      {saved ? (
        <div className="alert alert-success" role="status">
          Profile saved.
        </div>
      ) : null}
      {editing ? null : (
        <button
          type="button"
          className="btn btn-outline-primary mb-3"
          onClick={() => {
            setEditing(true);
            setSaved(false);
          }}
        >
          Edit
        </button>
      )}
      <ProfileForm
        key={editing ? 'edit' : 'view'}
        student={data}
        readOnly={!editing}
        submitLabel="Save"
        onSaved={() => {
          setEditing(false);
          setSaved(true);
        }}
      />
      <RemindersSwitch />
      <NotificationSettings />
    </>
  );
}

export function ProfilePage() {
  usePageTitle('Profile');
  return (
    <div className="container page-narrow">
      <h1 className="h2 mb-3">Profile</h1>
      <RequireAuth>
        <ProfileView />
      </RequireAuth>
    </div>
  );
}
