import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ProgramInput, type sendProgramSchema, programsEndpoints } from '../../../contracts/course-content';
import { adminKey } from '../../lib/query-keys';
import { programsQuery } from '../../lib/programs-api';
import { useRefreshingMutation } from '../../lib/refreshing-mutation';
import { callEndpoint } from '../../lib/call-endpoint';

// The teacher's Programs panel (the list itself is lib/programs-api.ts: other panels pick from it).

/** A change to a program refreshes the programs list. */
const useProgramMutation = <TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>) =>
  useRefreshingMutation(mutationFn, [programsQuery().queryKey]);
export const useAddProgram = () =>
  useProgramMutation((input: ProgramInput) => callEndpoint(programsEndpoints.addProgram, { body: input }));
export const useDeleteProgram = () =>
  useProgramMutation((id: number) => callEndpoint(programsEndpoints.deleteProgram, { params: { id } }));
export const useCloseProgram = () =>
  useProgramMutation(({ id, closed }: { id: number; closed: boolean }) =>
    callEndpoint(programsEndpoints.closeProgram, { params: { id }, body: { closed } }),
  );

/** Send Task: the program reaches a batch's students, so every admin view of their work is read again. */
export const useSendProgram = () =>
  useRefreshingMutation(
    ({ id, input }: { id: number; input: z.output<typeof sendProgramSchema> }) =>
      callEndpoint(programsEndpoints.sendProgram, { params: { id }, body: input }),
    [adminKey],
  );

export const listSubmissions = (id: number) => callEndpoint(programsEndpoints.programSubmissions, { params: { id } });

// The student's My Progs.
const getMyPrograms = (studentId: number) => callEndpoint(programsEndpoints.myPrograms, { params: { studentId } });
export const myProgramsQuery = (studentId: number) =>
  queryOptions({ queryKey: ['my-programs', studentId], queryFn: () => getMyPrograms(studentId) });
