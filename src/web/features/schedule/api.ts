import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AttendanceMark,
  type BatchSessionInput,
  type BatchSessionUpdate,
  type ScheduleGenerate,
  scheduleEndpoints,
} from '../../../contracts/schedule';
import { endpointUrl } from '../../../contracts/endpoint';
import { downloadFile } from '../../lib/download';
import { adminKey, homeKey } from '../../lib/query-keys';
import { useRefreshingMutation } from '../../lib/refreshing-mutation';
import { callEndpoint } from '../../lib/call-endpoint';

// The teacher's Class Schedule panel.
const listBatchSessions = (batch: number) =>
  callEndpoint(scheduleEndpoints.batchSessions, { params: { number: batch } });
const getAttendance = (id: number) => callEndpoint(scheduleEndpoints.attendance, { params: { id } });
export const downloadAttendance = (id: number, filename: string) =>
  downloadFile(endpointUrl(scheduleEndpoints.attendance, { id }, { format: 'csv' }), filename);

export const scheduleQuery = (batch: number) =>
  queryOptions({ queryKey: [...adminKey, 'schedule', batch], queryFn: () => listBatchSessions(batch) });
export const attendanceQuery = (sessionId: number) =>
  queryOptions({ queryKey: [...adminKey, 'attendance', sessionId], queryFn: () => getAttendance(sessionId) });

/**
 * A change to a batch's classes or attendance refreshes every admin query: the timetable, the sheet, the student
 * lists' Attendance column, the batches and the overview all read them.
 */
const useScheduleMutation = <TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>) =>
  useRefreshingMutation(mutationFn, [adminKey]);
export const useAddBatchSession = () =>
  useScheduleMutation(({ batch, input }: { batch: number; input: BatchSessionInput }) =>
    callEndpoint(scheduleEndpoints.addSession, { params: { number: batch }, body: input }),
  );
export const useGenerateSchedule = () =>
  useScheduleMutation(({ batch, input }: { batch: number; input: ScheduleGenerate }) =>
    callEndpoint(scheduleEndpoints.generate, { params: { number: batch }, body: input }),
  );
export const useUpdateBatchSession = () =>
  useScheduleMutation(({ id, input }: { id: number; input: BatchSessionUpdate }) =>
    callEndpoint(scheduleEndpoints.updateSession, { params: { id }, body: input }),
  );
export const useDeleteBatchSession = () =>
  useScheduleMutation((id: number) => callEndpoint(scheduleEndpoints.deleteSession, { params: { id } }));
export const useMarkAttendance = () =>
  useScheduleMutation(({ id, studentId, mark }: { id: number; studentId: number; mark: AttendanceMark | null }) =>
    callEndpoint(scheduleEndpoints.markAttendance, { params: { id, studentId }, body: { mark } }),
  );

// The student's timetable (My Classes and the home's next class).
const getMySchedule = () => callEndpoint(scheduleEndpoints.mySchedule);
export const myScheduleQuery = () => queryOptions({ queryKey: ['my-schedule'], queryFn: getMySchedule });

/**
 * Join: sent as the link opens the meeting in a new tab (keepalive lets it finish whatever the page does next); it
 * records the attendance, so the timetable and the home are read again, whatever the answer.
 */
export function useJoinSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(scheduleEndpoints.join, { params: { id }, keepalive: true }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: myScheduleQuery().queryKey }),
        client.invalidateQueries({ queryKey: homeKey }),
      ]),
  });
}
