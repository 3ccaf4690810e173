import { queryOptions } from '@tanstack/react-query';
import { type TestCaseInput, exercisesEndpoints } from '../../../contracts/exercises';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';
import { programsEndpoints } from '../../../contracts/course-content';
import { endpointUrl } from '../../../contracts/endpoint';

/**
 * Hands the code in as the program's solution, for the teacher to read (a program without test cases): the
 * original client's multipart upload.
 */
export function handInSolution(id: number, code: string) {
  const form = new FormData();
  form.append('solution', code);
  return callEndpoint(programsEndpoints.handIn, { params: { id }, body: form });
}

// The student's workspace on one program.
export const getWorkspace = (id: number) => callEndpoint(exercisesEndpoints.workspace, { params: { id } });
export const saveDraft = (id: number, code: string) =>
  callEndpoint(exercisesEndpoints.saveDraft, { params: { id }, body: { code } });
export const runProgram = (id: number, code: string, stdin: string) =>
  callEndpoint(exercisesEndpoints.run, { params: { id }, body: { code, stdin } });
export const submitProgram = (id: number, code: string) =>
  callEndpoint(exercisesEndpoints.submit, { params: { id }, body: { code } });
export const getSubmission = (id: number, submissionId: number) =>
  callEndpoint(exercisesEndpoints.submission, { params: { id, submissionId } });

// The admin: test cases, reference solution, supervision and comments.
export const getExercise = (programId: number) =>
  callEndpoint(exercisesEndpoints.exercise, { params: { id: programId } });
export const saveExercise = (
  programId: number,
  body: { starter_code: string; tests: TestCaseInput[]; no_leaks: boolean },
) => callEndpoint(exercisesEndpoints.saveExercise, { params: { id: programId }, body });
export const tryReference = (programId: number, code: string, tests: TestCaseInput[], noLeaks: boolean) =>
  callEndpoint(exercisesEndpoints.tryReference, {
    params: { id: programId },
    body: { code, tests, no_leaks: noLeaks },
  });
export const getSupervision = (programNumber: number, batch: number | null) =>
  callEndpoint(exercisesEndpoints.supervision, {
    query: { program_number: programNumber, student_batch: batch || undefined },
  });
export const getStudentCode = (studentProgramId: number) =>
  callEndpoint(exercisesEndpoints.studentCode, { params: { id: studentProgramId } });
export const addComment = (studentProgramId: number, line: number, body: string) =>
  callEndpoint(exercisesEndpoints.comment, { params: { id: studentProgramId }, body: { line, body } });

// Live supervision's streams (lib/live-changes.ts reads them).
export const supervisionStreamUrl = (programNumber: number, batch: number | null) =>
  endpointUrl(exercisesEndpoints.supervisionStream, undefined, {
    program_number: programNumber,
    student_batch: batch || undefined,
  });
export const workspaceStreamUrl = (id: number) => endpointUrl(exercisesEndpoints.workspaceStream, { id });

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
  callEndpoint(exercisesEndpoints.saveDraft, { params: { id }, body: { code }, bearer: token, keepalive: true }).catch(
    () => undefined,
  );
}
