import { queryOptions } from '@tanstack/react-query';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';
import { overviewEndpoints } from '../../../contracts/overview';

export const overviewQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'overview'],
    queryFn: ({ signal }) => callEndpoint(overviewEndpoints.overview, { signal }),
  });

/** The charts; `batch` picks the attendance chart's batch (undefined: the server's choice, the next class's). */
export const chartsQuery = (batch: number | undefined) =>
  queryOptions({
    queryKey: [...adminKey, 'charts', batch ?? null],
    queryFn: ({ signal }) => callEndpoint(overviewEndpoints.charts, { query: { batch }, signal }),
  });
