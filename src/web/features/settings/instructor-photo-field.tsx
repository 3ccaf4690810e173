import { useEffect, useState } from 'react';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '../../../contracts/accounts';
import { messages } from '../../../contracts/messages';
import { useRemoveInstructorPhoto, useUploadInstructorPhoto } from './api';
import { PanelError } from '../../components/admin-panel';
import { usePanelAction } from '../../lib/use-panel-action';

/** The instructor photo: the one shown now, a preview of the one chosen, upload and remove. */
export function PhotoField({ current }: { current: string | null }) {
  const uploadPhoto = useUploadInstructorPhoto();
  const removePhoto = useRemoveInstructorPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // A new key empties the file input once its photo is saved.
  const [inputKey, setInputKey] = useState(0);
  const { run, message, error, pending } = usePanelAction();
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const upload = () =>
    run(async () => {
      if (!file) return;
      if (file.size > PHOTO_MAX_BYTES) throw new Error(messages.photoTooLarge);
      if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) throw new Error(messages.photoType);
      await uploadPhoto.mutateAsync(file);
      setFile(null);
      setInputKey((key) => key + 1);
      return 'Photo saved.';
    });
  const remove = () =>
    run(async () => {
      await removePhoto.mutateAsync();
      return 'Photo removed.';
    });

  const shown = preview ?? current;
  return (
    <fieldset className="mb-4">
      <legend className="h6 fw-bold">Instructor photo</legend>
      <div className="d-flex flex-wrap gap-3 align-items-start">
        {shown ? (
          <img
            className="instructor-photo"
            src={shown}
            alt={preview ? 'Preview of the chosen photo' : 'The instructor photo shown now'}
            width={120}
            height={120}
          />
        ) : (
          <p className="text-body-secondary mb-0">No photo yet.</p>
        )}
        <div className="flex-grow-1" style={{ minWidth: '14rem' }}>
          <label className="form-label" htmlFor="settings-photo">
            Choose a photo (JPEG, PNG or WebP, at most 5 MB)
          </label>
          <input
            key={inputKey}
            id="settings-photo"
            className="form-control mb-2"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <div className="d-flex flex-wrap gap-2">
            {/* Saving a photo re-renders the public pages before it answers: a second or two. */}
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={!file || pending}
              onClick={() => void upload()}
            >
              {pending && file ? 'Uploading…' : 'Upload photo'}
            </button>
            {current ? (
              <button type="button" className="btn btn-outline-danger" disabled={pending} onClick={() => void remove()}>
                Remove photo
              </button>
            ) : null}
          </div>
        </div>
      </div>
      <div className="mt-2">
        <PanelError error={error} />
        {message ? (
          <div className="alert alert-success py-2" role="status">
            {message}
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
