import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ExerciseInput,
  type ImportInput,
  type ProgramFile,
  type TestCaseInput,
  exercisesEndpoints,
} from '../../../contracts/exercises';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';
import { downloadFile } from '../../lib/download';
import { programsQuery } from '../../lib/programs-api';
import { useRefreshingMutation } from '../../lib/refreshing-mutation';
import { programsEndpoints } from '../../../contracts/course-content';
import { endpointUrl } from '../../../contracts/endpoint';

// The student's workspace on one program.
export const getWorkspace = (id: number) => callEndpoint(exercisesEndpoints.workspace, { params: { id } });
export const saveDraft = (id: number, code: string) =>
  callEndpoint(exercisesEndpoints.saveDraft, { params: { id }, body: { code } });
export const getSubmission = (id: number, submissionId: number) =>
  callEndpoint(exercisesEndpoints.submission, { params: { id, submissionId } });

// The admin: test cases, reference solution, supervision and comments.
export const getExercise = (programId: number) =>
  callEndpoint(exercisesEndpoints.exercise, { params: { id: programId } });
export const getSupervision = (programNumber: number, batch: number | null) =>
  callEndpoint(exercisesEndpoints.supervision, {
    query: { program_number: programNumber, student_batch: batch || undefined },
  });
export const getStudentCode = (studentProgramId: number) =>
  callEndpoint(exercisesEndpoints.studentCode, { params: { id: studentProgramId } });

// Live supervision's streams (live-changes.ts reads them).
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

/** Run: compiled and run with the student's input (the draft is saved with it; nothing else on screen changes). */
export const useRunProgram = () =>
  useMutation({
    mutationFn: ({
      id,
      code,
      stdin,
      files,
      args = [],
    }: {
      id: number;
      code: string;
      stdin: string;
      files: ProgramFile[];
      args?: string[];
    }) => callEndpoint(exercisesEndpoints.run, { params: { id }, body: { code, stdin, files, args } }),
  });

/** Submit: graded against the tests; the workspace (history, best score) is read again. */
export function useSubmitProgram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) =>
      callEndpoint(exercisesEndpoints.submit, { params: { id }, body: { code } }),
    onSuccess: (_submission, { id }) => client.invalidateQueries({ queryKey: workspaceQuery(id).queryKey }),
  });
}

/**
 * Hand in the code as the program's solution, for the teacher to read (a program without test cases): the
 * original client's multipart upload.
 */
export function useHandInSolution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) => {
      const form = new FormData();
      form.append('solution', code);
      return callEndpoint(programsEndpoints.handIn, { params: { id }, body: form });
    },
    onSuccess: (_answer, { id }) => client.invalidateQueries({ queryKey: workspaceQuery(id).queryKey }),
  });
}

/** The teacher's comment on a line of a student's code; the code view shows it. */
export function useAddComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ studentProgramId, line, body }: { studentProgramId: number; line: number; body: string }) =>
      callEndpoint(exercisesEndpoints.comment, { params: { id: studentProgramId }, body: { line, body } }),
    onSuccess: (_comment, { studentProgramId }) =>
      client.invalidateQueries({ queryKey: studentCodeQuery(studentProgramId).queryKey }),
  });
}

/** Save a program's starter code and test cases; the editor shows what was stored. */
export function useSaveExercise() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      programId,
      body,
    }: {
      programId: number;
      body: {
        starter_code: string;
        tests: TestCaseInput[];
        no_leaks: boolean;
        checker_code: string;
        reference_solution: string;
        topic?: string;
        rubric?: ExerciseInput['rubric'];
      };
    }) => callEndpoint(exercisesEndpoints.saveExercise, { params: { id: programId }, body }),
    // The list shows each program's topic: it is read again too.
    onSuccess: (stored, { programId }) => {
      client.setQueryData(exerciseQuery(programId).queryKey, stored);
      return client.invalidateQueries({ queryKey: programsQuery().queryKey });
    },
  });
}

/** Try: a reference solution graded against the form's test cases, nothing saved. */
export const useTryReference = () =>
  useMutation({
    mutationFn: ({
      programId,
      code,
      tests,
      noLeaks,
      checkerCode,
    }: {
      programId: number;
      code: string;
      tests: TestCaseInput[];
      noLeaks: boolean;
      checkerCode: string;
    }) =>
      callEndpoint(exercisesEndpoints.tryReference, {
        params: { id: programId },
        body: { code, tests, no_leaks: noLeaks, checker_code: checkerCode },
      }),
  });

/** Export: the program and its tests as a bank file, downloaded. */
export const exportExercise = (programId: number, programNumber: number) =>
  downloadFile(endpointUrl(exercisesEndpoints.exportExercise, { id: programId }), `program-${programNumber}.json`);

/** Import: a bank file's (or a Dodona folder's) programs become programs of the list, which is read again. */
export const useImportExercises = () =>
  useRefreshingMutation(
    (body: ImportInput) => callEndpoint(exercisesEndpoints.importExercises, { body }),
    [programsQuery().queryKey],
  );
