import { z } from 'zod';
import { courseBookSchema, courseSessionSchema } from '../../contracts/course-content';
import { apiFetch } from './api-client';

/** Course calls both the admin's screens and the student's dashboard make. */
export const listSessions = () => apiFetch('/courses/', z.array(courseSessionSchema), { auth: true });
export const getCourseBook = () => apiFetch('/api/v1/course_book', courseBookSchema, { auth: true });
