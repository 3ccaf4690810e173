/** The student's workspace on one program: its query, the draft, Run, Submit, the hand-in and its live stream. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { programsEndpoints } from '../../../../contracts/course-content';
import { endpointUrl } from '../../../../contracts/endpoint';
import type { ProgramFile } from '../../../../contracts/exercises/program-input';
import { workspaceEndpoints } from '../../../../contracts/exercises/workspace';
import { callEndpoint } from '../../../lib/call-endpoint';

export const getWorkspace = (id: number) => callEndpoint(workspaceEndpoints.workspace, { params: { id } });

export const saveDraft = (id: number, code: string) =>
  callEndpoint(workspaceEndpoints.saveDraft, { params: { id }, body: { code } });

export const getSubmission = (id: number, submissionId: number) =>
  callEndpoint(workspaceEndpoints.submission, { params: { id, submissionId } });

export const workspaceStreamUrl = (id: number) => endpointUrl(workspaceEndpoints.workspaceStream, { id });

export const workspaceQuery = (id: number) =>
  queryOptions({ queryKey: ['workspace', id], queryFn: () => getWorkspace(id) });

/** Saves the draft as the page goes away (reload, tab closed); `keepalive` lets the request outlive the page. */
export function saveDraftOnLeave(id: number, code: string, token: string | null): void {
  if (!token) return;
  callEndpoint(workspaceEndpoints.saveDraft, { params: { id }, body: { code }, bearer: token, keepalive: true }).catch(
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
    }) => callEndpoint(workspaceEndpoints.run, { params: { id }, body: { code, stdin, files, args } }),
  });

/** Submit: graded against the tests; the workspace (history, best score) is read again. */
export function useSubmitProgram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) =>
      callEndpoint(workspaceEndpoints.submit, { params: { id }, body: { code } }),
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
