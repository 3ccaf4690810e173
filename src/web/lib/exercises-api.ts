import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  codeCommentSchema,
  draftSavedSchema,
  exerciseSchema,
  gradeResultSchema,
  runResultSchema,
  studentCodeSchema,
  submissionSchema,
  supervisionRowSchema,
  type TestCaseInput,
  workspaceSchema,
} from '../../contracts/exercises';
import { solutionSubmittedSchema } from '../../contracts/course-content';
import { apiFetch } from './api-client';
import { adminKey } from './query-keys';

/**
 * Hands the code in as the program's solution, for the teacher to read (a program without test cases): the
 * original client's multipart upload.
 */
export function handInSolution(id: number, code: string) {
  const form = new FormData();
  form.append('solution', code);
  return apiFetch(`/student_programs/${id}`, solutionSubmittedSchema, { method: 'PATCH', body: form, auth: true });
}

// The student's workspace on one program.
export const getWorkspace = (id: number) =>
  apiFetch(`/api/v1/student_programs/${id}/workspace`, workspaceSchema, { auth: true });
export const saveDraft = (id: number, code: string) =>
  apiFetch(`/api/v1/student_programs/${id}/draft`, draftSavedSchema, {
    method: 'PUT',
    body: { code },
    auth: true,
  });
export const runProgram = (id: number, code: string, stdin: string) =>
  apiFetch(`/api/v1/student_programs/${id}/run`, runResultSchema, {
    method: 'POST',
    body: { code, stdin },
    auth: true,
  });
export const submitProgram = (id: number, code: string) =>
  apiFetch(`/api/v1/student_programs/${id}/submissions`, submissionSchema, {
    method: 'POST',
    body: { code },
    auth: true,
  });
export const getSubmission = (id: number, submissionId: number) =>
  apiFetch(`/api/v1/student_programs/${id}/submissions/${submissionId}`, submissionSchema, { auth: true });

// The admin: test cases, reference solution, supervision and comments.
export const getExercise = (programId: number) =>
  apiFetch(`/api/v1/programs/${programId}/exercise`, exerciseSchema, { auth: true });
export const saveExercise = (
  programId: number,
  body: { starter_code: string; tests: TestCaseInput[]; no_leaks: boolean },
) => apiFetch(`/api/v1/programs/${programId}/exercise`, exerciseSchema, { method: 'PUT', body, auth: true });
export const tryReference = (programId: number, code: string, tests: TestCaseInput[], noLeaks: boolean) =>
  apiFetch(`/api/v1/programs/${programId}/exercise/try`, gradeResultSchema, {
    method: 'POST',
    body: { code, tests, no_leaks: noLeaks },
    auth: true,
  });
export const getSupervision = (programNumber: number, batch: number | null) =>
  apiFetch(
    `/api/v1/admin/supervision?program_number=${programNumber}${batch ? `&student_batch=${batch}` : ''}`,
    z.array(supervisionRowSchema),
    { auth: true },
  );
export const getStudentCode = (studentProgramId: number) =>
  apiFetch(`/api/v1/admin/student_programs/${studentProgramId}/code`, studentCodeSchema, { auth: true });
export const addComment = (studentProgramId: number, line: number, body: string) =>
  apiFetch(`/api/v1/admin/student_programs/${studentProgramId}/comments`, codeCommentSchema, {
    method: 'POST',
    body: { line, body },
    auth: true,
  });

// Live supervision's streams (lib/live-changes.ts reads them).
export const supervisionStreamUrl = (programNumber: number, batch: number | null) =>
  `/api/v1/admin/supervision/stream?program_number=${programNumber}${batch ? `&student_batch=${batch}` : ''}`;
export const workspaceStreamUrl = (id: number) => `/api/v1/student_programs/${id}/stream`;

export const workspaceQuery = (id: number) =>
  queryOptions({ queryKey: ['workspace', id], queryFn: () => getWorkspace(id) });
export const exerciseQuery = (programId: number) =>
  queryOptions({ queryKey: [...adminKey, 'exercise', programId], queryFn: () => getExercise(programId) });
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
