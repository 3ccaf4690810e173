import { queryOptions } from '@tanstack/react-query';
import { adminKey } from './query-keys';
import { callEndpoint } from './call-endpoint';
import { coursesEndpoints } from '../../contracts/course-content';

/** Course calls both the admin's screens and the student's dashboard make. */
export const listSessions = () => callEndpoint(coursesEndpoints.courses);
export const getCourseBook = () => callEndpoint(coursesEndpoints.courseBook);

export const sessionsQuery = () => queryOptions({ queryKey: ['sessions'], queryFn: listSessions });
export const courseBookQuery = () => queryOptions({ queryKey: ['course-book'], queryFn: getCourseBook });
/** The same reads on the admin's screens, kept under the admin's key (the admin's answer is not the student's). */
export const adminSessionsQuery = () => queryOptions({ queryKey: [...adminKey, 'sessions'], queryFn: listSessions });
export const adminCourseBookQuery = () =>
  queryOptions({ queryKey: [...adminKey, 'course-book'], queryFn: getCourseBook });

/** The student's batch: the home, My Classes and the next class read it. */
export const getMyBatch = () => callEndpoint(coursesEndpoints.myBatch);
export const myBatchQuery = () => queryOptions({ queryKey: ['my-batch'], queryFn: getMyBatch });
