import { studentStatusLabels, studentStatusName } from '../../contracts/course';

/** student_status as the site shows it: 'Unpaid' in red, 'Paid' in green, or completed. */
export function StatusBadge({ status }: { status: number }) {
  const name = studentStatusName(status);
  return <span className={`status-${name}`}>{studentStatusLabels[name]}</span>;
}
