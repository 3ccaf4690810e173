import type { CourseSession } from '../../contracts/course-content';
import { apiFetch } from './api-client';

/** Course calls both the admin's screens and the student's dashboard make. */
export const listSessions = () => apiFetch<CourseSession[]>('/courses/', { auth: true });
export const getCourseBook = () => apiFetch<{ preview_url: string | null }>('/api/v1/course_book', { auth: true });
