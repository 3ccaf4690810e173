import { profileEndpoints } from '../../../contracts/accounts';
import { callEndpoint } from '../../lib/call-endpoint';

/** My Feedback: the student's testimonial, saved on their own record. */
export const sendFeedback = (studentId: number, feedback: string) =>
  callEndpoint(profileEndpoints.updateStudent, { params: { id: studentId }, body: { feedback } });
