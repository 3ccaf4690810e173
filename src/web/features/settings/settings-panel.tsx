import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { TIME_ZONES } from '../../../contracts/dates';
import { useSetTimeZone } from '../../lib/site-info';
import {
  type AdminSettings,
  SETTINGS_LIMITS,
  type SiteSettings,
  type SiteSettingsForm,
  siteSettingsSchema,
} from '../../../contracts/settings';
import { DateInput, Input, Select, Textarea } from '../../components/form-kit';
import { siteSettingsQuery, useSaveSiteSettings } from './api';
import { AdminPanel, PanelError } from '../../components/admin-panel';
import { usePanelAction } from '../../lib/use-panel-action';
import { PhotoField } from './instructor-photo-field';
import { FaqsFieldset } from './faqs-fieldset';

const formValues = ({ settings }: AdminSettings): SiteSettingsForm => ({
  ...settings,
  timeZone: settings.timeZone as SiteSettings['timeZone'],
  nextBatchDate: settings.nextBatchDate ?? '',
  gstin: settings.gstin ?? '',
});

/** Site Settings: what the public pages say about the teacher and the course, and the fee the site charges. */
export function SettingsPanel({ onExit }: { onExit: () => void }) {
  const save = useSaveSiteSettings();
  const setTimeZone = useSetTimeZone();
  const settings = useQuery(siteSettingsQuery());
  const form = useForm<SiteSettingsForm, unknown, SiteSettings>({ resolver: zodResolver(siteSettingsSchema) });
  const { errors } = form.formState;
  const { run, message, error } = usePanelAction();
  const loaded = settings.data;

  useEffect(() => {
    if (loaded && !form.formState.isDirty) form.reset(formValues(loaded));
  }, [loaded, form]);

  const onSave = (values: SiteSettings) =>
    run(async () => {
      const view = await save.mutateAsync(values);
      // This page prints times (and the schedule form reads them) in the new zone from now on, as the server does.
      setTimeZone(view.settings.timeZone);
      form.reset(formValues(view));
      return 'Settings saved. The public pages show them now.';
    });

  return (
    <AdminPanel title="Site Settings" onExit={onExit}>
      <PanelError error={settings.error} />
      {loaded ? (
        <>
          <PhotoField current={loaded.instructorPhotoUrl} />
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
                  <DateInput
                    id="settings-next-batch"
                    label="Next batch starts on (optional)"
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

            <FaqsFieldset form={form} />

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
