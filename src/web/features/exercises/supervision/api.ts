/** The teacher's supervision: who is where on a program, a student's code, comments, and its live stream. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointUrl } from '../../../../contracts/endpoint';
import { supervisionEndpoints } from '../../../../contracts/exercises/supervision';
import { callEndpoint } from '../../../lib/call-endpoint';
import { adminKey } from '../../../lib/query-keys';

export const getSupervision = (programNumber: number, batch: number | null) =>
  callEndpoint(supervisionEndpoints.supervision, {
    query: { program_number: programNumber, student_batch: batch || undefined },
  });

export const getStudentCode = (studentProgramId: number) =>
  callEndpoint(supervisionEndpoints.studentCode, { params: { id: studentProgramId } });

export const supervisionStreamUrl = (programNumber: number, batch: number | null) =>
  endpointUrl(supervisionEndpoints.supervisionStream, undefined, {
    program_number: programNumber,
    student_batch: batch || undefined,
  });

export const studentCodeQuery = (studentProgramId: number) =>
  queryOptions({
    queryKey: [...adminKey, 'student-code', studentProgramId],
    queryFn: () => getStudentCode(studentProgramId),
  });

/** Runs only once a program is chosen (the caller's `enabled`). */
export const supervisionQuery = (programNumber: number | null, batch: number | null) =>
  queryOptions({
    queryKey: [...adminKey, 'supervision', programNumber, batch],
    queryFn: () => getSupervision(programNumber!, batch),
  });

/** The teacher's comment on a line of a student's code; the code view shows it. */
export function useAddComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ studentProgramId, line, body }: { studentProgramId: number; line: number; body: string }) =>
      callEndpoint(supervisionEndpoints.comment, { params: { id: studentProgramId }, body: { line, body } }),
    onSuccess: (_comment, { studentProgramId }) =>
      client.invalidateQueries({ queryKey: studentCodeQuery(studentProgramId).queryKey }),
  });
}
