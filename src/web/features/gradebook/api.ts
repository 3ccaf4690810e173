import { queryOptions } from '@tanstack/react-query';
import { adminKey } from '../../lib/query-keys';
import { downloadFile } from '../../lib/download';
import { callEndpoint } from '../../lib/call-endpoint';
import { gradebookEndpoints } from '../../../contracts/gradebook';
import { endpointUrl } from '../../../contracts/endpoint';

export const gradebookQuery = (batch: number) =>
  queryOptions({
    queryKey: [...adminKey, 'gradebook', batch],
    queryFn: ({ signal }) => callEndpoint(gradebookEndpoints.gradebook, { params: { batch }, signal }),
  });

export const studentWorkQuery = (studentId: number) =>
  queryOptions({
    queryKey: [...adminKey, 'student-work', studentId],
    queryFn: ({ signal }) => callEndpoint(gradebookEndpoints.studentWork, { params: { id: studentId }, signal }),
  });

export const downloadGradebook = (batch: number) =>
  downloadFile(endpointUrl(gradebookEndpoints.gradebookCsv, { batch }), `gradebook-batch-${batch}.csv`);
