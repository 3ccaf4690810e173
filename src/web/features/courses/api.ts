import { type CourseSessionInput, coursesEndpoints } from '../../../contracts/course-content';
import { adminCourseBookQuery, adminSessionsQuery } from '../../lib/course-api';
import { batchesQuery } from '../../lib/batches-api';
import { useRefreshingMutation } from '../../lib/refreshing-mutation';
import { callEndpoint } from '../../lib/call-endpoint';

/** A change to the course plan refreshes the plan and the batches (each lists the plan's sessions it lacks). */
const usePlanMutation = <TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>) =>
  useRefreshingMutation(mutationFn, [adminSessionsQuery().queryKey, batchesQuery().queryKey]);

export const useAddSession = () =>
  usePlanMutation((input: CourseSessionInput) => callEndpoint(coursesEndpoints.addCourseSession, { body: input }));
export const useUpdateSession = () =>
  usePlanMutation(({ id, input }: { id: number; input: CourseSessionInput }) =>
    callEndpoint(coursesEndpoints.updateCourseSession, { params: { id }, body: input }),
  );
export const useDeleteSession = () =>
  usePlanMutation((id: number) => callEndpoint(coursesEndpoints.deleteCourseSession, { params: { id } }));

/** The course book's link (an empty one removes the book). */
export const useSetCourseBook = () =>
  useRefreshingMutation(
    (url: string) => callEndpoint(coursesEndpoints.saveCourseBook, { body: { url } }),
    [adminCourseBookQuery().queryKey],
  );
