import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '../../../contracts/accounts';
import { TIME_ZONES } from '../../../contracts/dates';
import { messages } from '../../../contracts/messages';
import { useSetTimeZone } from '../../lib/site-info';
import {
  type AdminSettings,
  SETTINGS_LIMITS,
  type SiteSettings,
  type SiteSettingsForm,
  siteSettingsSchema,
} from '../../../contracts/settings';
import { FieldError } from '../../components/field-error';
import { Input, Select, Textarea } from '../../components/form-kit';
import { removeInstructorPhoto, saveSiteSettings, siteSettingsQuery, uploadInstructorPhoto } from './admin-api';
import { AdminPanel, PanelError } from './admin-panel';
import { adminKey } from '../../lib/query-keys';
import { usePanelAction } from './use-panel-action';

const formValues = ({ settings }: AdminSettings): SiteSettingsForm => ({
  ...settings,
  timeZone: settings.timeZone as SiteSettings['timeZone'],
  nextBatchDate: settings.nextBatchDate ?? '',
  gstin: settings.gstin ?? '',
});

/** The instructor photo: the one shown now, a preview of the one chosen, upload and remove. */
function PhotoField({ current, onSaved }: { current: string | null; onSaved: (view: AdminSettings) => void }) {
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
      onSaved(await uploadInstructorPhoto(file));
      setFile(null);
      setInputKey((key) => key + 1);
      return 'Photo saved.';
    });
  const remove = () =>
    run(async () => {
      onSaved(await removeInstructorPhoto());
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

/** Site Settings: what the public pages say about the teacher and the course, and the fee the site charges. */
export function SettingsPanel({ onExit }: { onExit: () => void }) {
  const client = useQueryClient();
  const setTimeZone = useSetTimeZone();
  const settings = useQuery(siteSettingsQuery());
  const form = useForm<SiteSettingsForm, unknown, SiteSettings>({ resolver: zodResolver(siteSettingsSchema) });
  const { errors } = form.formState;
  const faqs = useFieldArray({ control: form.control, name: 'faqs' });
  const { run, message, error } = usePanelAction();
  const loaded = settings.data;

  useEffect(() => {
    if (loaded && !form.formState.isDirty) form.reset(formValues(loaded));
  }, [loaded, form]);

  const saved = (view: AdminSettings) => client.setQueryData(siteSettingsQuery().queryKey, view);
  const onSave = (values: SiteSettings) =>
    run(async () => {
      const view = await saveSiteSettings(values);
      saved(view);
      // This page prints times (and the schedule form reads them) in the new zone from now on, as the server does.
      setTimeZone(view.settings.timeZone);
      void client.invalidateQueries({ queryKey: adminKey });
      form.reset(formValues(view));
      return 'Settings saved. The public pages show them now.';
    });

  return (
    <AdminPanel title="Site Settings" onExit={onExit}>
      <PanelError error={settings.error} />
      {loaded ? (
        <>
          <PhotoField current={loaded.instructorPhotoUrl} onSaved={saved} />
          <form className="settings-form" onSubmit={form.handleSubmit(onSave)} noValidate>
            <fieldset className="mb-3">
              <legend className="h6 fw-bold">Instructor (About Us and the landing page)</legend>
              <Input
                id="settings-name"
                label="Instructor name"
                maxLength={SETTINGS_LIMITS.name}
                error={errors.instructorName}
                {...form.register('instructorName')}
              />
              <Textarea
                id="settings-bio"
                label="Biography"
                rows={6}
                hint="A blank line starts a new paragraph."
                error={errors.instructorBio}
                {...form.register('instructorBio')}
              />
              <Input
                id="settings-profile"
                label="Professional profile link"
                type="url"
                placeholder="https://"
                error={errors.profileUrl}
                {...form.register('profileUrl')}
              />
            </fieldset>

            <fieldset className="mb-3">
              <legend className="h6 fw-bold">Course</legend>
              <div className="row g-3">
                <div className="col-sm-6">
                  <Input
                    id="settings-fee"
                    label="Course fee (rupees)"
                    type="number"
                    min={1}
                    max={SETTINGS_LIMITS.maxFeeRupees}
                    step={1}
                    inputMode="numeric"
                    hint="Charged to orders made from now on; orders already made keep their amount."
                    error={errors.courseFeeRupees}
                    {...form.register('courseFeeRupees', { valueAsNumber: true })}
                  />
                </div>
                <div className="col-sm-6">
                  <Input
                    id="settings-next-batch"
                    label="Next batch starts on (optional)"
                    type="date"
                    error={errors.nextBatchDate}
                    {...form.register('nextBatchDate')}
                  />
                </div>
                <div className="col-sm-6">
                  <Select
                    id="settings-zone"
                    label="Course time zone"
                    error={errors.timeZone}
                    {...form.register('timeZone')}
                  >
                    {TIME_ZONES.map((zone) => (
                      <option key={zone} value={zone}>
                        {zone.replaceAll('_', ' ')}
                      </option>
                    ))}
                  </Select>
                </div>
                <div className="col-sm-6">
                  <Input
                    id="settings-contact"
                    label="Contact email"
                    type="email"
                    error={errors.contactEmail}
                    {...form.register('contactEmail')}
                  />
                </div>
              </div>
            </fieldset>

            <fieldset className="mb-3">
              <legend className="h6 fw-bold">Privacy Policy: owner and data controller</legend>
              <Input
                id="settings-owner"
                label="Name"
                error={errors.privacyOwnerName}
                {...form.register('privacyOwnerName')}
              />
              <Textarea
                id="settings-address"
                label="Postal address"
                rows={3}
                error={errors.privacyAddress}
                {...form.register('privacyAddress')}
              />
              <Input
                id="settings-privacy-email"
                label="Email"
                type="email"
                error={errors.privacyEmail}
                {...form.register('privacyEmail')}
              />
            </fieldset>

            <fieldset className="mb-3">
              <legend className="h6 fw-bold">Receipts</legend>
              <Input
                id="settings-business"
                label="Business name on receipts"
                error={errors.businessName}
                {...form.register('businessName')}
              />
              <Input
                id="settings-gstin"
                label="GSTIN (optional)"
                hint="Printed on every receipt when set."
                error={errors.gstin}
                {...form.register('gstin')}
              />
            </fieldset>

            <fieldset className="mb-3">
              <legend className="h6 fw-bold">Frequently asked questions</legend>
              {faqs.fields.length === 0 ? <p className="text-body-secondary">No questions yet.</p> : null}
              <ol className="settings-faqs list-unstyled">
                {faqs.fields.map((faq, index) => (
                  <li key={faq.id} className="settings-faq">
                    <Input
                      id={`settings-faq-${index}-question`}
                      label={`Question ${index + 1}`}
                      error={errors.faqs?.[index]?.question}
                      {...form.register(`faqs.${index}.question`)}
                    />
                    <Textarea
                      id={`settings-faq-${index}-answer`}
                      label={`Answer ${index + 1}`}
                      rows={3}
                      error={errors.faqs?.[index]?.answer}
                      {...form.register(`faqs.${index}.answer`)}
                    />
                    <div className="d-flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        disabled={index === 0}
                        aria-label={`Move question ${index + 1} up`}
                        onClick={() => faqs.move(index, index - 1)}
                      >
                        Move up
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        disabled={index === faqs.fields.length - 1}
                        aria-label={`Move question ${index + 1} down`}
                        onClick={() => faqs.move(index, index + 1)}
                      >
                        Move down
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        aria-label={`Remove question ${index + 1}`}
                        onClick={() => faqs.remove(index)}
                      >
                        Remove
                      </button>
                    </div>
                  </li>
                ))}
              </ol>
              <FieldError id="settings-faqs" error={errors.faqs?.root ?? errors.faqs} />
              <button
                type="button"
                className="btn btn-outline-primary"
                disabled={faqs.fields.length >= SETTINGS_LIMITS.faqs}
                onClick={() => faqs.append({ question: '', answer: '' })}
              >
                Add a question
              </button>
            </fieldset>

            <PanelError error={error} />
            {message ? (
              <div className="alert alert-success" role="status">
                {message}
              </div>
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
              Save settings
            </button>
          </form>
        </>
      ) : settings.isPending ? (
        <p role="status">Loading…</p>
      ) : null}
    </AdminPanel>
  );
}
