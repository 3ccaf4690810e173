import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { messages } from '../../../contracts/messages';
import { paths } from '../../../contracts/paths';
import { RequireAuth } from '../../components/require-auth';
import { usePageTitle } from '../../components/layout/use-page-title';
import { useProfile } from '../../lib/account-api';
import { ProfileForm } from './profile-form';

function CreateProfile() {
  const navigate = useNavigate();
  const { data } = useProfile();
  // A profile already made is edited on /Profile; decided on arrival, so saving this form doesn't count.
  const [alreadyMade] = useState(() => data?.mobile != null);
  if (!data) return null;
  if (alreadyMade) return <Navigate to={paths.profile} replace />;
  return (
    <ProfileForm
      student={data}
      readOnly={false}
      submitLabel="Create Profile"
      onSaved={() => {
        window.alert(messages.profileCreated);
        navigate('/dashpage');
      }}
    />
  );
}

/** Reached from the verification page; the token it stored in local storage signs the request. */
export function CreateProfilePage() {
  usePageTitle('Create Profile');
  return (
    <div className="container page-narrow">
      <h1 className="h2 mb-3">Profile</h1>
      <RequireAuth role="student">
        <CreateProfile />
      </RequireAuth>
    </div>
  );
}
