import { queryOptions } from '@tanstack/react-query';
import { batchesEndpoints } from '../../contracts/admin';
import { adminKey } from './query-keys';
import { callEndpoint } from './call-endpoint';

/** The batches and their students: the batch picker and several admin areas read them. */
export const listBatches = () => callEndpoint(batchesEndpoints.batches);
export const batchesQuery = () => queryOptions({ queryKey: [...adminKey, 'batches'], queryFn: listBatches });
export const getBatch = (batch: number) =>
  callEndpoint(batchesEndpoints.batchStudents, { query: { student_batch: batch } });
