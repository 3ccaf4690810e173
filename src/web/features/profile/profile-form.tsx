import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { type StudentData, PHOTO_MAX_BYTES, PHOTO_TYPES, profileSchema } from '../../../contracts/accounts';
import { messages } from '../../../contracts/messages';
import { ApiError } from '../../lib/api-client';
import { updateProfileRequest } from './profile-api';
import { profileQuery } from '../../lib/account-api';

const editable = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'mobile', label: 'Mobile', autoComplete: 'tel-national', inputMode: 'numeric' as const },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'study', label: 'Study / job role', autoComplete: 'organization-title' },
  { name: 'institution', label: 'College / company', autoComplete: 'organization' },
] as const;

type FieldName = (typeof editable)[number]['name'];

interface Props {
  student: StudentData;
  readOnly: boolean;
  submitLabel: string;
  onSaved: (student: StudentData) => void;
}

/** The profile fields of Create Profile and Profile; validated with the shared rule, saved as multipart. */
export function ProfileForm({ student, readOnly, submitLabel, onSaved }: Props) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<FieldName, string>>(() => ({
    first_name: student.first_name,
    last_name: student.last_name,
    city: student.city ?? '',
    mobile: student.mobile ?? '',
    country: student.country ?? '',
    study: student.study ?? '',
    institution: student.institution ?? '',
  }));
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!profileSchema.safeParse(values).success) {
      window.alert(messages.enterValidInfo);
      return;
    }
    if (photo && (photo.size > PHOTO_MAX_BYTES || !(PHOTO_TYPES as readonly string[]).includes(photo.type))) {
      window.alert(photo.size > PHOTO_MAX_BYTES ? messages.photoTooLarge : messages.photoType);
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, value.trim());
    if (photo) form.append('image', photo);
    setBusy(true);
    try {
      const response = await updateProfileRequest(student.id, form);
      queryClient.setQueryData(profileQuery().queryKey, response.data.attributes);
      setPhoto(null);
      onSaved(response.data.attributes);
    } catch (error) {
      window.alert(error instanceof ApiError ? error.errors.join('\n') : messages.contactCustomerCare);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="profile-form" noValidate>
      <div className="profile-photo mb-3">
        {student.get_image_url ? (
          <img
            src={student.get_image_url}
            alt={`Photo of ${student.first_name} ${student.last_name}`}
            width={120}
            height={120}
          />
        ) : (
          <span className="avatar-initials profile-initials" aria-hidden="true">
            {student.first_name[0]?.toUpperCase()}
            {student.last_name[0]?.toUpperCase()}
          </span>
        )}
      </div>
      <div className="row">
        {editable.map((field) => (
          <div className="col-md-6 mb-3" key={field.name}>
            <label className="form-label" htmlFor={`profile-${field.name}`}>
              {field.label}
            </label>
            <input
              id={`profile-${field.name}`}
              className="form-control"
              required
              readOnly={readOnly}
              autoComplete={field.autoComplete}
              inputMode={'inputMode' in field ? field.inputMode : undefined}
              value={values[field.name]}
              onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            />
          </div>
        ))}
        <div className="col-md-6 mb-3">
          <label className="form-label" htmlFor="profile-email">
            Email
          </label>
          <input id="profile-email" className="form-control" type="email" readOnly value={student.email} />
        </div>
        <div className="col-md-6 mb-3">
          <label className="form-label" htmlFor="profile-uniq-id">
            Uniq Id
          </label>
          <input id="profile-uniq-id" className="form-control" readOnly value={student.uniq_id} />
        </div>
        {readOnly ? null : (
          <div className="col-md-6 mb-3">
            <label className="form-label" htmlFor="profile-image">
              Photo (JPEG, PNG or WebP, at most 5 MB)
            </label>
            <input
              id="profile-image"
              className="form-control"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
            />
          </div>
        )}
      </div>
      {readOnly ? null : (
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      )}
    </form>
  );
}
