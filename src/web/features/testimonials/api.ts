import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { profileEndpoints } from '../../../contracts/accounts';
import { type TestimonialStateInput, testimonialsEndpoints } from '../../../contracts/testimonials';
import { profileQuery } from '../../lib/account-api';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';

/** My Feedback: the student's testimonial, saved on their own record (the profile shows where it stands). */
export function useSendFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, feedback }: { studentId: number; feedback: string }) =>
      callEndpoint(profileEndpoints.updateStudent, { params: { id: studentId }, body: { feedback } }),
    onSuccess: (response) => client.setQueryData(profileQuery().queryKey, response.data.attributes),
  });
}

/** The teacher's Testimonials panel: every student's feedback with its moderation state. */
export const testimonialsQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'testimonials'],
    queryFn: ({ signal }) => callEndpoint(testimonialsEndpoints.testimonials, { signal }),
  });

/**
 * Approve or hide one student's feedback. Refused (409) when the student changed it since the list was read: the
 * list is read again either way.
 */
export function useModerateTestimonial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, input }: { studentId: number; input: TestimonialStateInput }) =>
      callEndpoint(testimonialsEndpoints.moderate, { params: { id: studentId }, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: testimonialsQuery().queryKey }),
  });
}
