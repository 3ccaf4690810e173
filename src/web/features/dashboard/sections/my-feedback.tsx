import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FEEDBACK_NOT_YET, type StudentData } from '../../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../../contracts/course';
import { messages } from '../../../../contracts/messages';
import { sendFeedback } from '../dashboard-api';
import { errorText } from '../../../lib/error-text';
import { profileQuery } from '../../../lib/account-api';

export function MyFeedback({ student }: { student: StudentData }) {
  const client = useQueryClient();
  const [feedback, setFeedback] = useState(student.feedback ?? '');
  const [busy, setBusy] = useState(false);
  if (student.student_status !== STUDENT_STATUS.completed) {
    return (
      <>
        <h1 className="h4">My Feedback (After course)</h1>
        <p>{FEEDBACK_NOT_YET}</p>
      </>
    );
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!feedback.trim()) return;
    setBusy(true);
    try {
      const response = await sendFeedback(student.id, feedback);
      client.setQueryData(profileQuery().queryKey, response.data.attributes);
      window.alert(messages.feedbackSubmitted);
    } catch (error) {
      window.alert(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h1 className="h4">My Feedback (After course)</h1>
      <p>
        Tell future students about the course. Your feedback appears on the home page with your name, study, institution
        and photo.
      </p>
      <form onSubmit={onSubmit}>
        <label className="form-label" htmlFor="feedback-text">
          Your feedback
        </label>
        <textarea
          id="feedback-text"
          className="form-control"
          rows={4}
          maxLength={2000}
          required
          value={feedback}
          onChange={(e) => setFeedback(e.target.value)}
        />
        <button type="submit" className="btn btn-primary mt-2" disabled={busy}>
          Submit feedback
        </button>
      </form>
    </>
  );
}
