import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '../../../contracts/site';
import { apiFetch } from '../../lib/api-client';

export const siteInfoQuery = queryOptions({
  queryKey: ['site-info'],
  queryFn: ({ signal }) => apiFetch<SiteInfo>('/api/v1/site', { signal }),
  staleTime: 60 * 60_000,
});

export function useSiteInfo() {
  return useQuery(siteInfoQuery);
}
