import { queryOptions } from '@tanstack/react-query';
import { type StatusRevertInput, adminStudentsEndpoints } from '../../../contracts/admin';
import { certificatesEndpoints } from '../../../contracts/certificates';
import { adminKey } from '../../lib/query-keys';
import { downloadFile } from '../../lib/download';
import { useRefreshingMutation } from '../../lib/refreshing-mutation';
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

/** A student's status changes, newest first (the work view's Status history). */
export const statusChangesQuery = (studentId: number) =>
  queryOptions({
    queryKey: [...adminKey, 'status-changes', studentId],
    queryFn: ({ signal }) =>
      callEndpoint(adminStudentsEndpoints.statusChanges, { query: { student_id: studentId }, signal }),
  });

/** The certificates issued to one student, newest first. */
export const studentCertificatesQuery = (studentId: number) =>
  queryOptions({
    queryKey: [...adminKey, 'student-certificates', studentId],
    queryFn: ({ signal }) =>
      callEndpoint(certificatesEndpoints.studentCertificates, { params: { id: studentId }, signal }),
  });

/** Undo the latest status change: the status shows in the lists, the gradebook and the work view, all read again. */
export const useRevertStatus = () =>
  useRefreshingMutation(
    ({ studentId, input }: { studentId: number; input: StatusRevertInput }) =>
      callEndpoint(adminStudentsEndpoints.revertStatus, { params: { id: studentId }, body: input }),
    [adminKey],
  );
