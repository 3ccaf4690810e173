import { queryOptions } from '@tanstack/react-query';
import { outboxEndpoints } from '../../../contracts/admin';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';

export const listOutbox = ({ signal }: { signal?: AbortSignal } = {}) =>
  callEndpoint(outboxEndpoints.outbox, { query: { limit: 200 }, signal });
export const outboxQuery = () => queryOptions({ queryKey: [...adminKey, 'outbox'], queryFn: listOutbox });
