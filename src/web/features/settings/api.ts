import { queryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminSettings, type SiteSettings, settingsEndpoints } from '../../../contracts/settings';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';

/** Site Settings: the values, the photo, and which are still the first-start defaults. */
export const siteSettingsQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'settings'],
    queryFn: ({ signal }) => callEndpoint(settingsEndpoints.settings, { signal }),
  });

const keep = (client: QueryClient, view: AdminSettings) => client.setQueryData(siteSettingsQuery().queryKey, view);

/** Save the settings; every admin screen is read again (the overview names settings still at their defaults). */
export function useSaveSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettings) => callEndpoint(settingsEndpoints.save, { body: settings }),
    onSuccess: (view) => {
      keep(client, view);
      void client.invalidateQueries({ queryKey: adminKey });
    },
  });
}

/** Keep these defaults: the dashboard stops naming the settings at their first values (until another joins them). */
export function useKeepDefaults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(settingsEndpoints.keepDefaults),
    onSuccess: (view) => keep(client, view),
  });
}

export function useUploadInstructorPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return callEndpoint(settingsEndpoints.uploadPhoto, { body: form });
    },
    onSuccess: (view) => keep(client, view),
  });
}

export function useRemoveInstructorPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(settingsEndpoints.deletePhoto),
    onSuccess: (view) => keep(client, view),
  });
}
