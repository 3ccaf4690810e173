import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../contracts/dates';
import { batchLabel } from './batch-picker';

describe('batch picker', () => {
  it('names a batch the same way in every panel: number, size and start', () => {
    const batch = { batch_number: 3, start_date: '2027-01-04', meeting_link: null, classes: 0, plan_missing: [] };
    expect(batchLabel({ ...batch, students: 25 }, DEFAULT_TIME_ZONE)).toBe('Batch 3 (25 students, starts 4 Jan 2027)');
    expect(batchLabel({ ...batch, students: 1, start_date: null }, DEFAULT_TIME_ZONE)).toBe('Batch 3 (1 student)');
  });

  it('says "started" from the start day on, on the course calendar', () => {
    const batch = { batch_number: 1, start_date: '2026-11-23', meeting_link: null, classes: 5, plan_missing: [] };
    const label = (iso: string) => batchLabel({ ...batch, students: 3 }, DEFAULT_TIME_ZONE, new Date(iso));
    // 22 Nov, 11 pm in India is still the day before.
    expect(label('2026-11-22T17:29:00.000Z')).toBe('Batch 1 (3 students, starts 23 Nov 2026)');
    expect(label('2026-11-22T18:31:00.000Z')).toBe('Batch 1 (3 students, started 23 Nov 2026)');
    expect(label('2026-12-20T10:00:00.000Z')).toBe('Batch 1 (3 students, started 23 Nov 2026)');
  });
});
