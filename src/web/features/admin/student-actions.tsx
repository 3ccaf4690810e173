import type { StudentData } from '../../../contracts/accounts';
import { deleteStudent, markCompleted, markPaid, useStudentMutation } from './admin-api';

export function DeleteStudentButton({ student }: { student: StudentData }) {
  const mutation = useStudentMutation(deleteStudent);
  const onClick = () => {
    const ok = window.confirm(`Delete ${student.first_name} ${student.last_name} (${student.email})? This removes the account and its personal data. Payment records are kept.`);
    if (ok) mutation.mutate(student.id, { onError: (error) => window.alert(error.message) });
  };
  return (
    <button type="button" className="btn btn-sm btn-danger" onClick={onClick} disabled={mutation.isPending}>
      Delete
    </button>
  );
}

/** Update Payment Status sets student_status 1; Update Course Completion sets 2. */
export function UpdateStatusButton({ student, to }: { student: StudentData; to: 1 | 2 }) {
  const mutation = useStudentMutation(to === 1 ? markPaid : markCompleted);
  const done = student.student_status >= to;
  return (
    <button
      type="button"
      className="btn btn-sm btn-primary"
      disabled={mutation.isPending || done}
      aria-label={`Update ${student.first_name} ${student.last_name}`}
      onClick={() => mutation.mutate(student.id, { onError: (error) => window.alert(error.message) })}
    >
      {done ? 'Done' : 'Update'}
    </button>
  );
}
