import type { CompletionCheck } from '../../../contracts/admin';
import { formatDate } from '../../../contracts/dates';
import { plural } from '../../../contracts/wording';
import { errorText } from '../../lib/error-text';

/**
 * What the teacher should see before marking a student completed: their attendance and, mid-batch, the classes still
 * to come, with what the certificate will then say (it never states a day still to come).
 */
export function CompletionFacts({
  check,
  error,
  name,
  zone,
  today,
}: {
  check: CompletionCheck | null;
  error: unknown;
  name: string;
  zone: string;
  /** The completion day, as the certificate will print it. */
  today: string;
}) {
  if (!check) return error ? <p className="text-danger small mb-0">{errorText(error)}</p> : null;
  if (check.batch === null)
    return <p className="mb-0">{name} is in no batch: the certificate will name no batch or dates.</p>;
  const percent = check.held ? Math.round((100 * check.attended) / check.held) : null;
  return (
    <>
      <p className="mb-2">
        <strong>Attendance:</strong>{' '}
        {check.held === 0
          ? `no class of batch ${check.batch} has been held yet.`
          : `${check.attended} of ${plural(check.held, 'class', 'classes')} held (${percent}%).`}
      </p>
      {check.classes_left > 0 ? (
        <div className="alert alert-warning py-2 mb-0" role="note">
          {`Batch ${check.batch} still has ${plural(check.classes_left, 'class', 'classes')} to come` +
            (check.last_class_at ? `, the last on ${formatDate(check.last_class_at, zone)}` : '') +
            `. Completed now, ${name}’s certificate gives today, ${formatDate(today, zone)}, as the end of the course.`}
        </div>
      ) : (
        <p className="mb-0">Every class of batch {check.batch} has started: the batch is over.</p>
      )}
    </>
  );
}
