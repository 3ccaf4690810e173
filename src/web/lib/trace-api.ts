import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgramFile } from '../../contracts/exercises/program-input';
import { type DoubtInput, doubtsEndpoints } from '../../contracts/doubts';
import { traceEndpoints } from '../../contracts/trace';
import { callEndpoint } from './call-endpoint';

/** Step through: the student's program run as Run runs it, recorded step by step. */
/** What is stepped through (only these are sent: a doubt's stored run carries its step and line too). */
interface TraceRequest {
  code: string;
  stdin: string;
  files: ProgramFile[];
  args?: string[];
}

export const useTraceProgram = () =>
  useMutation({
    mutationFn: ({ id, code, stdin, files, args = [] }: TraceRequest & { id: number }) =>
      callEndpoint(traceEndpoints.trace, { params: { id }, body: { code, stdin, files, args } }),
  });

/** Step through for the teacher: any code (a student's, a doubt's, or their own demonstration). */
export const useAdminTrace = () =>
  useMutation({
    mutationFn: ({ code, stdin, files, args = [] }: TraceRequest) =>
      callEndpoint(traceEndpoints.adminTrace, { body: { code, stdin, files, args } }),
  });

/** A doubt about a step of a run (Step through's "Ask your teacher about this step"). */
export const useAskAboutStep = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DoubtInput) => callEndpoint(doubtsEndpoints.askDoubt, { body }),
    // My Doubts lists it next time it is shown.
    onSuccess: () => client.invalidateQueries({ queryKey: ['doubts'] }),
  });
};
