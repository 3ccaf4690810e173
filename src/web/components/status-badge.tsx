import { STUDENT_STATUS } from '../../contracts/course';

/** student_status as the site shows it: 'Unpaid' in red, 'Paid' in green, or completed. */
export function StatusBadge({ status }: { status: number }) {
  if (status === STUDENT_STATUS.paid) return <span className="status-paid">Paid</span>;
  if (status === STUDENT_STATUS.completed) return <span className="status-completed">Completed</span>;
  return <span className="status-unpaid">Unpaid</span>;
}
