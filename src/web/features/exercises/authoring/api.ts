/** The teacher's exercise editor: a program's tests, trying a reference solution, export and import. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointUrl } from '../../../../contracts/endpoint';
import {
  authoringEndpoints,
  type ExerciseInput,
  type ImportInput,
  type TestCaseInput,
} from '../../../../contracts/exercises/authoring';
import { callEndpoint } from '../../../lib/call-endpoint';
import { downloadFile } from '../../../lib/download';
import { programsQuery } from '../../../lib/programs-api';
import { adminKey } from '../../../lib/query-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export const getExercise = (programId: number) =>
  callEndpoint(authoringEndpoints.exercise, { params: { id: programId } });

export const exerciseQuery = (programId: number) =>
  queryOptions({ queryKey: [...adminKey, 'exercise', programId], queryFn: () => getExercise(programId) });

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
    }) => callEndpoint(authoringEndpoints.saveExercise, { params: { id: programId }, body }),
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
      callEndpoint(authoringEndpoints.tryReference, {
        params: { id: programId },
        body: { code, tests, no_leaks: noLeaks, checker_code: checkerCode },
      }),
  });

/** Export: the program and its tests as a bank file, downloaded. */
export const exportExercise = (programId: number, programNumber: number) =>
  downloadFile(endpointUrl(authoringEndpoints.exportExercise, { id: programId }), `program-${programNumber}.json`);

/** Import: a bank file's (or a Dodona folder's) programs become programs of the list, which is read again. */
export const useImportExercises = () =>
  useRefreshingMutation(
    (body: ImportInput) => callEndpoint(authoringEndpoints.importExercises, { body }),
    [programsQuery().queryKey],
  );
