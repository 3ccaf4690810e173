import { queryOptions } from '@tanstack/react-query';
import { type SiteSettings, settingsEndpoints } from '../../../contracts/settings';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';

/** Site Settings: the values, the photo, and which are still the first-start defaults. */
export const siteSettingsQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'settings'],
    queryFn: ({ signal }) => callEndpoint(settingsEndpoints.settings, { signal }),
  });

export const saveSiteSettings = (settings: SiteSettings) => callEndpoint(settingsEndpoints.save, { body: settings });

export function uploadInstructorPhoto(file: File) {
  const form = new FormData();
  form.append('image', file);
  return callEndpoint(settingsEndpoints.uploadPhoto, { body: form });
}

export const removeInstructorPhoto = () => callEndpoint(settingsEndpoints.deletePhoto);
