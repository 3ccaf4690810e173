import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Testimonial } from '../../../contracts/site';
import { apiFetch } from '../../lib/api-client';

export const testimonialsQuery = queryOptions({
  queryKey: ['testimonials'],
  queryFn: ({ signal }) => apiFetch<Testimonial[]>('/students/get_old_students', { signal }),
  staleTime: 5 * 60_000,
});

export function useTestimonials() {
  return useQuery(testimonialsQuery);
}
