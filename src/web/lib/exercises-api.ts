import type {
  CodeComment,
  Exercise,
  GradeResult,
  RunResult,
  StudentCode,
  Submission,
  SupervisionRow,
  TestCaseInput,
  Workspace,
} from '../../contracts/exercises';
import { apiFetch } from './api-client';

// The student's workspace on one program.
export const getWorkspace = (id: number) =>
  apiFetch<Workspace>(`/api/v1/student_programs/${id}/workspace`, { auth: true });
export const saveDraft = (id: number, code: string) =>
  apiFetch<{ saved_at: string }>(`/api/v1/student_programs/${id}/draft`, { method: 'PUT', body: { code }, auth: true });
export const runProgram = (id: number, code: string, stdin: string) =>
  apiFetch<RunResult>(`/api/v1/student_programs/${id}/run`, { method: 'POST', body: { code, stdin }, auth: true });
export const submitProgram = (id: number, code: string) =>
  apiFetch<Submission>(`/api/v1/student_programs/${id}/submissions`, { method: 'POST', body: { code }, auth: true });
export const getSubmission = (id: number, submissionId: number) =>
  apiFetch<Submission>(`/api/v1/student_programs/${id}/submissions/${submissionId}`, { auth: true });

// The admin: test cases, reference solution, supervision and comments.
export const getExercise = (programId: number) =>
  apiFetch<Exercise>(`/api/v1/programs/${programId}/exercise`, { auth: true });
export const saveExercise = (programId: number, body: { starter_code: string; tests: TestCaseInput[] }) =>
  apiFetch<Exercise>(`/api/v1/programs/${programId}/exercise`, { method: 'PUT', body, auth: true });
export const tryReference = (programId: number, code: string, tests: TestCaseInput[]) =>
  apiFetch<GradeResult>(`/api/v1/programs/${programId}/exercise/try`, {
    method: 'POST',
    body: { code, tests },
    auth: true,
  });
export const getSupervision = (programNumber: number, batch: number | null) =>
  apiFetch<SupervisionRow[]>(
    `/api/v1/admin/supervision?program_number=${programNumber}${batch ? `&student_batch=${batch}` : ''}`,
    { auth: true },
  );
export const getStudentCode = (studentProgramId: number) =>
  apiFetch<StudentCode>(`/api/v1/admin/student_programs/${studentProgramId}/code`, { auth: true });
export const addComment = (studentProgramId: number, line: number, body: string) =>
  apiFetch<CodeComment>(`/api/v1/admin/student_programs/${studentProgramId}/comments`, {
    method: 'POST',
    body: { line, body },
    auth: true,
  });

/** Saves the draft as the page goes away (reload, tab closed); `keepalive` lets the request outlive the page. */
export function saveDraftOnLeave(id: number, code: string, token: string | null): void {
  if (!token) return;
  void fetch(`/api/v1/student_programs/${id}/draft`, {
    method: 'PUT',
    keepalive: true,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ code }),
  }).catch(() => undefined);
}
