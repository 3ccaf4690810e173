import { queryOptions } from '@tanstack/react-query';
import { type GradeInput, gradingEndpoints } from '../../../../contracts/grading';
import { type TimedWorkInput, timedWorkEndpoints } from '../../../../contracts/timed-work';
import { adminKey } from '../../../lib/query-keys';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

/**
 * Grading by rubric and timed work, as the teacher's supervision and student views use them. Each write reads the
 * admin's queries again (supervision rows, the student's code, the gradebook): all sit under the admin key.
 */

/** Saves the teacher's grade of one student program (released at once when `release`). */
export const useSaveGrade = () =>
  useRefreshingMutation(
    ({ studentProgramId, body }: { studentProgramId: number; body: GradeInput }) =>
      callEndpoint(gradingEndpoints.saveGrade, { params: { id: studentProgramId }, body }),
    [adminKey],
  );

/** Releases every unreleased grade of a program (in one batch, or all). */
export const useReleaseGrades = () =>
  useRefreshingMutation(
    (body: { program_number: number; student_batch?: number }) =>
      callEndpoint(gradingEndpoints.releaseGrades, { body }),
    [adminKey],
  );

export const timedWorkQuery = (batch: number | null) =>
  queryOptions({
    queryKey: [...adminKey, 'timed-work', batch],
    queryFn: () => callEndpoint(timedWorkEndpoints.timedWork, { query: { student_batch: batch ?? undefined } }),
  });

export const useSetTimedWork = () =>
  useRefreshingMutation((body: TimedWorkInput) => callEndpoint(timedWorkEndpoints.setTimedWork, { body }), [adminKey]);

export const useDeleteTimedWork = () =>
  useRefreshingMutation(
    (id: number) => callEndpoint(timedWorkEndpoints.deleteTimedWork, { params: { id } }),
    [adminKey],
  );

export const useExtendTime = () =>
  useRefreshingMutation(
    ({ studentProgramId, extraMinutes }: { studentProgramId: number; extraMinutes: number }) =>
      callEndpoint(timedWorkEndpoints.extension, {
        params: { id: studentProgramId },
        body: { extra_minutes: extraMinutes },
      }),
    [adminKey],
  );
