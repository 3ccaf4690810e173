import { useQuery } from '@tanstack/react-query';
import type { BatchInfo } from '../../contracts/admin';
import { formatDate } from '../../contracts/dates';
import { useTimeZone } from '../lib/site-info';
import { plural } from '../../contracts/wording';
import { batchesQuery } from '../lib/batches-api';

/** How every batch picker names a batch: "Batch 3 (25 students, starts 4 Jan 2027)". */
export function batchLabel(batch: BatchInfo, zone: string): string {
  const starts = batch.start_date ? `, starts ${formatDate(batch.start_date, zone)}` : '';
  return `Batch ${batch.batch_number} (${plural(batch.students, 'student')}${starts})`;
}

/**
 * The batches a "Batch number" field suggests as it is typed in (`list={id}` on the input): every panel that takes
 * a batch number offers the same list, and a new number can still be typed.
 */
export function BatchSuggestions({ id }: { id: string }) {
  const zone = useTimeZone();
  const batches = useQuery(batchesQuery());
  return (
    <datalist id={id}>
      {batches.data?.map((b) => (
        <option key={b.batch_number} value={b.batch_number} label={batchLabel(b, zone)} />
      ))}
    </datalist>
  );
}
