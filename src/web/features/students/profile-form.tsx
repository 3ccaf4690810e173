import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ProfileInput,
  type StudentData,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  profileSchema,
} from '../../../contracts/accounts';
import { messages } from '../../../contracts/messages';
import { mobileMessages } from '../../../contracts/mobile';
import { Input } from '../../components/form-kit';
import { ApiError } from '../../lib/api-client';
import { useUpdateProfile } from './api';

const editable = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  // A number abroad starts with + and its country code: the phone keyboard for telephone numbers has +.
  { name: 'mobile', label: 'Mobile', autoComplete: 'tel', inputMode: 'tel' as const, hint: mobileMessages.formats },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'study', label: 'Study / job role', autoComplete: 'organization-title' },
  { name: 'institution', label: 'College / company', autoComplete: 'organization' },
] as const;

interface Props {
  student: StudentData;
  readOnly: boolean;
  submitLabel: string;
  onSaved: (student: StudentData) => void;
}

/** The profile fields of Create Profile and Profile; validated with the shared rule, saved as multipart. */
export function ProfileForm({ student, readOnly, submitLabel, onSaved }: Props) {
  const update = useUpdateProfile();
  const { register, handleSubmit, formState } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      first_name: student.first_name,
      last_name: student.last_name,
      city: student.city ?? '',
      mobile: student.mobile ?? '',
      country: student.country ?? '',
      study: student.study ?? '',
      institution: student.institution ?? '',
    },
  });
  // The photo is kept beside the form: a file, checked here and sent in the same multipart request.
  const [photo, setPhoto] = useState<File | null>(null);

  const onSubmit = (input: ProfileInput) => {
    if (photo && (photo.size > PHOTO_MAX_BYTES || !(PHOTO_TYPES as readonly string[]).includes(photo.type))) {
      window.alert(photo.size > PHOTO_MAX_BYTES ? messages.photoTooLarge : messages.photoType);
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(input)) if (value !== undefined) form.append(name, value);
    if (photo) form.append('image', photo);
    update.mutate(
      { id: student.id, form },
      {
        onSuccess: (response) => {
          setPhoto(null);
          onSaved(response.data.attributes);
        },
        onError: (error) =>
          window.alert(error instanceof ApiError ? error.errors.join('\n') : messages.contactCustomerCare),
      },
    );
  };

  // The original site's alert for invalid info, beside each field's own message.
  const onInvalid = () => window.alert(messages.enterValidInfo);

  return (
    <form onSubmit={handleSubmit(onSubmit, onInvalid)} className="profile-form" noValidate>
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
          <Input
            key={field.name}
            id={`profile-${field.name}`}
            containerClassName="col-md-6 mb-3"
            label={field.label}
            required
            readOnly={readOnly}
            autoComplete={field.autoComplete}
            inputMode={'inputMode' in field ? field.inputMode : undefined}
            hint={'hint' in field ? field.hint : undefined}
            registration={register(field.name)}
            error={formState.errors[field.name]}
          />
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
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : submitLabel}
        </button>
      )}
    </form>
  );
}
