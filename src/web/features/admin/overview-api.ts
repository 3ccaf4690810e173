import { queryOptions } from '@tanstack/react-query';
import { chartsSchema, overviewSchema } from '../../../contracts/overview';
import { apiFetch } from '../../lib/api-client';
import { adminKey } from '../../lib/query-keys';

export const overviewQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'overview'],
    queryFn: ({ signal }) => apiFetch('/api/v1/admin/overview', overviewSchema, { auth: true, signal }),
  });

/** The charts; `batch` picks the attendance chart's batch (undefined: the server's choice, the next class's). */
export const chartsQuery = (batch: number | undefined) =>
  queryOptions({
    queryKey: [...adminKey, 'charts', batch ?? null],
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/admin/charts${batch === undefined ? '' : `?batch=${batch}`}`, chartsSchema, {
        auth: true,
        signal,
      }),
  });
