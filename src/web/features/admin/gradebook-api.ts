import { queryOptions } from '@tanstack/react-query';
import { gradebookSchema, studentWorkSchema } from '../../../contracts/gradebook';
import { apiFetch } from '../../lib/api-client';
import { adminKey } from '../../lib/query-keys';
import { textBody } from '../../lib/response-schemas';

export const gradebookQuery = (batch: number) =>
  queryOptions({
    queryKey: [...adminKey, 'gradebook', batch],
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/admin/batches/${batch}/gradebook`, gradebookSchema, { auth: true, signal }),
  });

export const studentWorkQuery = (studentId: number) =>
  queryOptions({
    queryKey: [...adminKey, 'student-work', studentId],
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/admin/students/${studentId}/work`, studentWorkSchema, { auth: true, signal }),
  });

/** The CSV carries the admin's token, so it is fetched and handed to the browser as a file. */
export const downloadGradebook = (batch: number) =>
  apiFetch(`/api/v1/admin/batches/${batch}/gradebook.csv`, textBody, { auth: true });
