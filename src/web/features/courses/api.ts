import { type CourseSessionInput, coursesEndpoints } from '../../../contracts/course-content';
import { callEndpoint } from '../../lib/call-endpoint';

export const addSession = (input: CourseSessionInput) =>
  callEndpoint(coursesEndpoints.addCourseSession, { body: input });
export const updateSession = ({ id, input }: { id: number; input: CourseSessionInput }) =>
  callEndpoint(coursesEndpoints.updateCourseSession, { params: { id }, body: input });
export const deleteSession = (id: number) => callEndpoint(coursesEndpoints.deleteCourseSession, { params: { id } });
export const setCourseBook = (url: string) => callEndpoint(coursesEndpoints.saveCourseBook, { body: { url } });
