import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ProgramInput, type sendProgramSchema, programsEndpoints } from '../../../contracts/course-content';
import { callEndpoint } from '../../lib/call-endpoint';

// The teacher's Programs panel (the list itself is lib/programs-api.ts: other panels pick from it).
export const closeProgram = (id: number, closed: boolean) =>
  callEndpoint(programsEndpoints.closeProgram, { params: { id }, body: { closed } });
export const addProgram = (input: ProgramInput) => callEndpoint(programsEndpoints.addProgram, { body: input });
export const deleteProgram = (id: number) => callEndpoint(programsEndpoints.deleteProgram, { params: { id } });
export const sendProgram = (id: number, input: z.output<typeof sendProgramSchema>) =>
  callEndpoint(programsEndpoints.sendProgram, { params: { id }, body: input });
export const listSubmissions = (id: number) => callEndpoint(programsEndpoints.programSubmissions, { params: { id } });

// The student's My Progs.
export const getMyPrograms = (studentId: number) =>
  callEndpoint(programsEndpoints.myPrograms, { params: { studentId } });
export const myProgramsQuery = (studentId: number) =>
  queryOptions({ queryKey: ['my-programs', studentId], queryFn: () => getMyPrograms(studentId) });
