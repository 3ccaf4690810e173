import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { courseBookSchema, courseSessionSchema } from '../../contracts/course-content';
import { apiFetch } from './api-client';
import { adminKey } from './query-keys';

/** Course calls both the admin's screens and the student's dashboard make. */
export const listSessions = () => apiFetch('/courses/', z.array(courseSessionSchema), { auth: true });
export const getCourseBook = () => apiFetch('/api/v1/course_book', courseBookSchema, { auth: true });

export const sessionsQuery = () => queryOptions({ queryKey: ['sessions'], queryFn: listSessions });
export const courseBookQuery = () => queryOptions({ queryKey: ['course-book'], queryFn: getCourseBook });
/** The same reads on the admin's screens, kept under the admin's key (the admin's answer is not the student's). */
export const adminSessionsQuery = () => queryOptions({ queryKey: [...adminKey, 'sessions'], queryFn: listSessions });
export const adminCourseBookQuery = () =>
  queryOptions({ queryKey: [...adminKey, 'course-book'], queryFn: getCourseBook });
