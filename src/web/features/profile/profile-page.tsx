import { useState } from 'react';
import { RequireAuth } from '../../components/require-auth';
import { usePageTitle } from '../../components/layout/use-page-title';
import { useProfile } from '../auth/auth-api';
import { ProfileForm } from './profile-form';

function ProfileView() {
  const { data } = useProfile();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!data) return null;
  return (
    <>
      {saved ? (
        <div className="alert alert-success" role="status">
          Profile saved.
        </div>
      ) : null}
      {editing ? null : (
        <button type="button" className="btn btn-outline-primary mb-3" onClick={() => { setEditing(true); setSaved(false); }}>
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
