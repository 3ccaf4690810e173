import type { StudentData } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import { useConfirm } from '../../components/confirm-dialog';
import { errorText } from '../../lib/error-text';
import { deleteStudent, markCompleted, markPaid, useStudentMutation } from './admin-api';
import { EmailText } from '../../components/email-text';

const fullName = (student: StudentData) => `${student.first_name} ${student.last_name}`;

/** Delete, after the confirmation every destructive action asks for. */
export function DeleteStudentButton({ student }: { student: StudentData }) {
  const mutation = useStudentMutation(deleteStudent);
  const { confirm, dialog } = useConfirm();
  const onClick = () =>
    void confirm({
      title: `Delete ${fullName(student)}?`,
      message: (
        <p className="mb-0">
          This removes the account of {fullName(student)} (<EmailText email={student.email} />) and its personal data.
          Payment records are kept. This cannot be undone.
        </p>
      ),
      confirmLabel: 'Delete student',
      action: () => mutation.mutateAsync(student.id),
    });
  return (
    <>
      <button type="button" className="btn btn-sm btn-danger" onClick={onClick} disabled={mutation.isPending}>
        Delete<span className="visually-hidden"> {fullName(student)}</span>
      </button>
      {dialog}
    </>
  );
}

const updates = {
  [STUDENT_STATUS.paid]: {
    from: STUDENT_STATUS.unpaid,
    action: markPaid,
    words: 'to paid',
    otherwise: 'Nothing to update',
  },
  [STUDENT_STATUS.completed]: {
    from: STUDENT_STATUS.paid,
    action: markCompleted,
    words: 'to completed',
    otherwise: 'Nothing to update',
  },
} as const;

/**
 * Update Payment Status sets an unpaid student's student_status to 1 (paid); Update Course Completion sets a paid
 * student's to 2 (completed). Every student stays listed with their status; the Update button is there only where
 * the change applies, and its name says what it does ("Update Asha Nair to paid").
 */
export function UpdateStatusButton({ student, to }: { student: StudentData; to: 1 | 2 }) {
  const update = updates[to];
  const mutation = useStudentMutation(update.action);
  if (student.student_status !== update.from) {
    return (
      <span className="text-body-secondary">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{update.otherwise}</span>
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(student.id)}
      >
        Update
        <span className="visually-hidden">
          {' '}
          {fullName(student)} {update.words}
        </span>
      </button>
      {mutation.isError ? (
        <span className="d-block small text-danger" role="alert">
          {errorText(mutation.error)}
        </span>
      ) : null}
    </>
  );
}
