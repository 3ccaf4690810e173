import { queryOptions } from '@tanstack/react-query';
import { gradebookSchema, studentWorkSchema } from '../../../contracts/gradebook';
import { apiFetch } from '../../lib/api-client';
import { adminKey } from '../../lib/query-keys';
import { downloadFile } from '../../lib/download';

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

export const downloadGradebook = (batch: number) =>
  downloadFile(`/api/v1/admin/batches/${batch}/gradebook.csv`, `gradebook-batch-${batch}.csv`);
