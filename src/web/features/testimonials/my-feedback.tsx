import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FEEDBACK_NOT_YET, feedbackSchema, type StudentData } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import { messages } from '../../../contracts/messages';
import { feedbackStateLabels } from '../../../contracts/testimonials';
import { useSendFeedback } from './api';
import { errorText } from '../../lib/error-text';
import { Textarea } from '../../components/form-kit';

type FeedbackForm = z.infer<typeof feedbackSchema>;

export function MyFeedback({ student }: { student: StudentData }) {
  const send = useSendFeedback();
  const { register, handleSubmit, formState } = useForm<FeedbackForm>({
    resolver: zodResolver(feedbackSchema),
    defaultValues: { feedback: student.feedback ?? '' },
  });
  if (student.student_status !== STUDENT_STATUS.completed) {
    return (
      <>
        <h1 className="h4">My Feedback (After course)</h1>
        <p>{FEEDBACK_NOT_YET}</p>
      </>
    );
  }
  const onSubmit = ({ feedback }: FeedbackForm) =>
    send.mutate(
      { studentId: student.id, feedback },
      {
        onSuccess: () => window.alert(messages.feedbackSubmitted),
        onError: (error) => window.alert(errorText(error)),
      },
    );
  const error = formState.errors.feedback;
  return (
    <>
      <h1 className="h4">My Feedback (After course)</h1>
      <p>
        Tell future students about the course. Once the teacher approves it, your feedback appears on the home page with
        your name, study, institution and photo.
      </p>
      {student.feedback_state ? (
        <p className={`alert ${student.feedback_state === 'approved' ? 'alert-success' : 'alert-info'}`} role="status">
          Your feedback: <strong>{feedbackStateLabels[student.feedback_state]}</strong>
        </p>
      ) : null}
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Textarea
          id="feedback-text"
          containerClassName=""
          label="Your feedback"
          rows={4}
          maxLength={2000}
          required
          {...register('feedback')}
          error={error}
        />
        <button type="submit" className="btn btn-primary mt-2" disabled={send.isPending}>
          Submit feedback
        </button>
      </form>
    </>
  );
}
