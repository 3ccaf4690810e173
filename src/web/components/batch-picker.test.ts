import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../contracts/dates';
import { batchLabel } from './batch-picker';

describe('batch picker', () => {
  it('names a batch the same way in every panel: number, size and start', () => {
    const batch = { batch_number: 3, start_date: '2027-01-04', meeting_link: null, classes: 0, plan_missing: [] };
    expect(batchLabel({ ...batch, students: 25 }, DEFAULT_TIME_ZONE)).toBe('Batch 3 (25 students, starts 4 Jan 2027)');
    expect(batchLabel({ ...batch, students: 1, start_date: null }, DEFAULT_TIME_ZONE)).toBe('Batch 3 (1 student)');
  });
});
