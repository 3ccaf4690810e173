import { queryOptions } from '@tanstack/react-query';
import { programsEndpoints } from '../../contracts/course-content';
import { adminKey } from './query-keys';
import { callEndpoint } from './call-endpoint';

export type { ProgramSubmission as Submission } from '../../contracts/course-content';

/** The teacher's programs: the programs, supervision and similarity panels each pick one from them. */
export const listPrograms = () => callEndpoint(programsEndpoints.programs);
export const programsQuery = () => queryOptions({ queryKey: [...adminKey, 'programs'], queryFn: listPrograms });
