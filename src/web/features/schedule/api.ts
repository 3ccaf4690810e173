import { queryOptions } from '@tanstack/react-query';
import {
  type AttendanceMark,
  type BatchSessionInput,
  type BatchSessionUpdate,
  type ScheduleGenerate,
  scheduleEndpoints,
} from '../../../contracts/schedule';
import { endpointUrl } from '../../../contracts/endpoint';
import { downloadFile } from '../../lib/download';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';

// The teacher's Class Schedule panel.
export const listBatchSessions = (batch: number) =>
  callEndpoint(scheduleEndpoints.batchSessions, { params: { number: batch } });
export const addBatchSession = (batch: number, input: BatchSessionInput) =>
  callEndpoint(scheduleEndpoints.addSession, { params: { number: batch }, body: input });
export const generateSchedule = (batch: number, input: ScheduleGenerate) =>
  callEndpoint(scheduleEndpoints.generate, { params: { number: batch }, body: input });
export const updateBatchSession = (id: number, input: BatchSessionUpdate) =>
  callEndpoint(scheduleEndpoints.updateSession, { params: { id }, body: input });
export const deleteBatchSession = (id: number) => callEndpoint(scheduleEndpoints.deleteSession, { params: { id } });
export const getAttendance = (id: number) => callEndpoint(scheduleEndpoints.attendance, { params: { id } });
export const downloadAttendance = (id: number, filename: string) =>
  downloadFile(endpointUrl(scheduleEndpoints.attendance, { id }, { format: 'csv' }), filename);
export const markAttendance = (id: number, studentId: number, mark: AttendanceMark | null) =>
  callEndpoint(scheduleEndpoints.markAttendance, { params: { id, studentId }, body: { mark } });

export const scheduleQuery = (batch: number) =>
  queryOptions({ queryKey: [...adminKey, 'schedule', batch], queryFn: () => listBatchSessions(batch) });
export const attendanceQuery = (sessionId: number) =>
  queryOptions({ queryKey: [...adminKey, 'attendance', sessionId], queryFn: () => getAttendance(sessionId) });

// The student's timetable (My Classes and the home's next class).
export const getMySchedule = () => callEndpoint(scheduleEndpoints.mySchedule);
/** Sent as the Join link opens the meeting in a new tab: keepalive lets it finish whatever the page does next. */
export const joinSession = (id: number) => callEndpoint(scheduleEndpoints.join, { params: { id }, keepalive: true });
export const myScheduleQuery = () => queryOptions({ queryKey: ['my-schedule'], queryFn: getMySchedule });
