import { useQuery } from '@tanstack/react-query';
import type { BatchInfo } from '../../contracts/admin';
import { courseWallClock, formatDate } from '../../contracts/dates';
import { systemClock } from '../../contracts/clock';
import { useTimeZone } from '../lib/site-info';
import { plural } from '../../contracts/wording';
import { batchesQuery } from '../lib/batches-api';

/**
 * How every batch picker names a batch: "Batch 3 (25 students, starts 4 Jan 2027)", and once that day has come on the
 * course calendar, "started 17 Nov 2026".
 */
export function batchLabel(batch: BatchInfo, zone: string, now: Date = systemClock()): string {
  const today = courseWallClock(now, zone)?.date ?? '';
  const verb = batch.start_date && batch.start_date <= today ? 'started' : 'starts';
  const starts = batch.start_date ? `, ${verb} ${formatDate(batch.start_date, zone)}` : '';
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
