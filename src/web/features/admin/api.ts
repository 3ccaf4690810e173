import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { STUDENT_STATUS } from '../../../contracts/course';
import type { ManualPaymentMethod } from '../../../contracts/payments';
import {
  type StudentListKind,
  type StudentSortColumn,
  studentListEndpoints,
  studentListSchema,
  adminStudentsEndpoints,
  batchesEndpoints,
} from '../../../contracts/admin';
import { messages } from '../../../contracts/messages';
import { ApiError } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { adminKey } from '../../lib/query-keys';
import { useRefreshingMutation } from '../../lib/refreshing-mutation';
import { callEndpoint, callEndpointWithHeaders } from '../../lib/call-endpoint';
import { endpointUrl } from '../../../contracts/endpoint';
import { profileEndpoints } from '../../../contracts/accounts';

export type { StudentListKind };

export interface ListParams {
  q: string;
  sort: StudentSortColumn;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

const listQuery = (params: ListParams, format: 'json' | 'csv') => ({
  sort: params.sort,
  order: params.order,
  page: params.page,
  per_page: params.perPage,
  format,
  q: params.q.trim() || undefined,
});

/** The address of a list with the screen's search, order and page (the CSV download's, with `format=csv`). */
export const listUrl = (kind: StudentListKind, params: ListParams, format: 'json' | 'csv' = 'json') =>
  endpointUrl(studentListEndpoints[kind], undefined, listQuery(params, format));

export const studentListQuery = (kind: StudentListKind, params: ListParams) =>
  queryOptions({
    queryKey: [...adminKey, 'students', kind, params],
    queryFn: async ({ signal }) => {
      const { data, headers } = await callEndpointWithHeaders(studentListEndpoints[kind], {
        query: listQuery(params, 'json'),
        auth: true,
        signal,
      });
      // The old students' address answers testimonials to anyone but the admin; the admin always gets the list.
      const listed = studentListSchema.safeParse(data);
      if (!listed.success) throw new ApiError(200, [messages.requestFailed], { cause: listed.error });
      const students = listed.data;
      return { students, total: Number(headers.get('x-total-count') ?? students.length) };
    },
  });

export function useStudentList(kind: StudentListKind, params: ListParams) {
  return useQuery({ ...studentListQuery(kind, params), placeholderData: keepPreviousData });
}

/** The list as CSV, the same query as the screen's. */
export const downloadStudentList = (kind: StudentListKind, params: ListParams) =>
  downloadFile(listUrl(kind, params, 'csv'), `students-${kind}.csv`);

/**
 * Every change to students or batches refreshes every admin query: the lists, batches, gradebook and overview all
 * show status and batch.
 */
const useAdminMutation = <TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>) =>
  useRefreshingMutation(mutationFn, [adminKey]);

export interface ManualPayment {
  amount_rupees: number;
  method: ManualPaymentMethod;
}

export const useDeleteStudent = () =>
  useAdminMutation((id: number) => callEndpoint(adminStudentsEndpoints.deleteStudent, { params: { id } }));
/** Update Payment: with what the teacher received and how (recorded, and on the receipt the student is mailed). */
export const useMarkPaid = () =>
  useAdminMutation(({ id, payment }: { id: number; payment: ManualPayment }) =>
    callEndpoint(profileEndpoints.updateStudent, {
      params: { id },
      body: { student_status: STUDENT_STATUS.paid, payment },
    }),
  );
export const useMarkCompleted = () =>
  useAdminMutation((id: number) =>
    callEndpoint(adminStudentsEndpoints.setCourseCompletion, {
      params: { id },
      body: { student_status: STUDENT_STATUS.completed },
    }),
  );

/** Before a Completed mark: the student's attendance and their batch's classes still to come. */
export const completionCheckQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminKey, 'completion-check', id],
    queryFn: () => callEndpoint(adminStudentsEndpoints.completionCheck, { params: { id } }),
    staleTime: 0,
  });

/** Move one student (by email) into a batch. */
export const useMoveStudent = () =>
  useAdminMutation(({ email, batch }: { email: string; batch: number }) =>
    callEndpoint(batchesEndpoints.updateBatch, { body: { email, student_batch: batch } }),
  );
/** Move several students (paid, in no batch) into a batch at once. */
export const usePlaceStudents = () =>
  useAdminMutation(({ batch, studentIds }: { batch: number; studentIds: number[] }) =>
    callEndpoint(batchesEndpoints.placeStudents, { params: { number: batch }, body: { student_ids: studentIds } }),
  );
/** A batch's start date and meeting link. */
export const useSaveBatch = () =>
  useAdminMutation(
    ({ batch, body }: { batch: number; body: { start_date: string | null; meeting_link: string | null } }) =>
      callEndpoint(batchesEndpoints.saveBatch, { params: { number: batch }, body }),
  );

/**
 * Announce the start date, or send a batch its meeting link. Without `resend`, a repeat of what the batch was
 * already sent queues nothing and answers `already_sent`. Mail only: nothing on screen changes.
 */
export const useMailBatch = () =>
  useMutation({
    mutationFn: ({ kind, batch, resend = false }: { kind: 'announce' | 'link'; batch: number; resend?: boolean }) =>
      callEndpoint(kind === 'announce' ? batchesEndpoints.announce : batchesEndpoints.sendLink, {
        params: { number: batch },
        body: { resend },
      }),
  });

export const unplacedStudentsQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'unplaced'],
    queryFn: () => callEndpoint(batchesEndpoints.unplacedStudents),
  });
