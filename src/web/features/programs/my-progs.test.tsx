// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudentData } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import type { MyProgram } from '../../../contracts/course-content';
import { timedMessages } from '../../../contracts/timed-work';
import { fakeServer, renderScreen } from '../../test-support/render';
import { MyProgs } from './my-progs';

const student = { id: 7, student_status: STUDENT_STATUS.paid } as StudentData;
const program = (n: number, fields: Partial<MyProgram>): MyProgram => ({
  id: 100 + n,
  student_id: 7,
  program_number: n,
  task: `Task ${n}\nRead and print.`,
  solution: null,
  submitted_at: null,
  due_at: null,
  late: false,
  best_late: false,
  graded: true,
  opens_at: null,
  closes_at: null,
  best_score: null,
  best_total: null,
  grade: null,
  ...fields,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Progs', () => {
  it('shows each program’s title and where it stands: ✓ with a full score, ✗ below it, to do without one', async () => {
    fakeServer(() => ({
      body: [
        program(1, { task: 'Sum of digits\nRead an integer.', best_score: 10, best_total: 10, solution: 'x' }),
        program(2, { best_score: 4, best_total: 10, solution: 'x' }),
        program(3, {}),
        program(4, { graded: false, solution: 'int main(void) {}', grade: { score: 7, total: 10 } }),
        program(5, {
          task: timedMessages.hiddenTask,
          opens_at: '2026-12-10T04:30:00.000Z',
          closes_at: '2026-12-10T05:00:00.000Z',
        }),
      ],
    }));
    renderScreen(<MyProgs student={student} />);
    const cards = await screen.findAllByRole('listitem');
    const card = (n: number) => within(cards[n - 1]!);
    expect(card(1).getByRole('heading').textContent).toBe('Program 1: Sum of digits');
    expect(card(1).getByText(/10\/10/, { selector: '.program-standing' }).textContent).toBe('✓ done: 10/10');
    expect(card(1).getByText('Best score 10/10: every test passes.')).toBeTruthy();
    expect(card(2).getByText(/4\/10/, { selector: '.program-standing' }).textContent).toBe('✗ not yet right: 4/10');
    expect(card(2).getByText(/some tests still fail/)).toBeTruthy();
    expect(card(3).getByText('To do', { selector: '.program-standing' })).toBeTruthy();
    expect(card(3).getByText('Not submitted yet.')).toBeTruthy();
    expect(card(4).getByText(/Handed in/, { selector: '.program-standing' })).toBeTruthy();
    expect(card(4).getByText('Your teacher’s grade: 7/10')).toBeTruthy();
    // A timed program not open yet: no title gives its task away.
    expect(card(5).getByRole('heading').textContent).toBe('Program 5');
    expect(screen.getByText('Done: 2 of 5 programs · to do: 3')).toBeTruthy();
  });
});
