import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from './dates.js';
import { byDeadline, formatDeadline, isToSolve, type NextStepState, planNextSteps } from './home.js';

const base: NextStepState = {
  now: '2026-11-20T08:00:00.000Z', // 1:30 pm in India
  profileComplete: true,
  paid: true,
  completed: false,
  feedbackGiven: false,
  batchNumber: 5,
  nextClass: null,
  programs: [],
  quizTaken: true,
};
const kinds = (state: Partial<NextStepState>) =>
  planNextSteps({ ...base, ...state }, DEFAULT_TIME_ZONE).map((step) => step.kind);
const tonight = {
  session_number: 3,
  starts_at: '2026-11-20T13:30:00.000Z',
  duration_minutes: 60,
  topics: 'Loops',
  joined_at: null,
};

describe('what to do next', () => {
  it('after the course: the feedback, then the certificate; no class or program', () => {
    const programs = [{ id: 9, program_number: 3, due_at: null }];
    const done = { completed: true, nextClass: tonight, programs, quizTaken: false, now: '2026-11-20T13:35:00.000Z' };
    expect(kinds(done)).toEqual(['feedback', 'certificate']);
    expect(kinds({ ...done, feedbackGiven: true })).toEqual(['certificate']);
    expect(
      planNextSteps({ ...base, ...done }, DEFAULT_TIME_ZONE)
        .map((step) => step.text)
        .join(' '),
    ).not.toMatch(/Join|Solve/);
  });

  it('puts the profile, then the fee, first', () => {
    expect(kinds({ profileComplete: false, paid: false, quizTaken: false })).toEqual(['profile', 'pay', 'quiz']);
    expect(kinds({ paid: false })).toEqual(['pay']);
  });

  it('puts a class today before programs, and one open to join as "now"', () => {
    const programs = [{ id: 9, program_number: 4, due_at: '2026-11-21T18:29:59.999Z' }];
    const steps = planNextSteps({ ...base, nextClass: tonight, programs }, DEFAULT_TIME_ZONE);
    expect(steps.map((s) => s.kind)).toEqual(['class', 'program']);
    expect(steps[0]!.text).toBe('Join tonight’s class at 7:00 pm IST: session 3');
    expect(steps[1]).toEqual({
      kind: 'program',
      text: 'Solve program 4',
      detail: 'Due Sat 21 Nov 2026, 11:59 pm IST',
      link: '/DashPage/myprogs/9',
    });
    expect(
      planNextSteps({ ...base, now: '2026-11-20T13:25:00.000Z', nextClass: tonight }, DEFAULT_TIME_ZONE)[0]!.text,
    ).toBe('Join the class now: session 3');
    const morning = { ...tonight, starts_at: '2026-11-20T09:00:00.000Z' };
    expect(planNextSteps({ ...base, nextClass: morning }, DEFAULT_TIME_ZONE)[0]!.text).toBe(
      'Join today’s class at 2:30 pm IST: session 3',
    );
  });

  it('once the student has joined the class, says so (with when it ends) instead of asking them to join', () => {
    const joined = { ...tonight, joined_at: '2026-11-20T13:27:00.000Z' };
    for (const now of ['2026-11-20T13:27:00.000Z', '2026-11-20T14:10:00.000Z'])
      expect(planNextSteps({ ...base, now, nextClass: joined }, DEFAULT_TIME_ZONE)[0]).toEqual({
        kind: 'class',
        text: 'You joined session 3: it ends at 8:00 pm IST',
        detail: 'Loops',
        link: '/DashPage#next-class',
      });
  });

  it('a timed program not open yet is a step that says when it opens, not "Solve"', () => {
    const programs = [{ id: 12, program_number: 7, due_at: null, opens_at: '2026-11-22T04:30:00.000Z' }];
    expect(planNextSteps({ ...base, programs }, DEFAULT_TIME_ZONE)[0]).toEqual({
      kind: 'program',
      text: 'Program 7 opens at 22 Nov 2026, 10:00 am IST',
      detail: 'A timed program: its task is shown when it opens.',
      link: '/DashPage/myprogs/12',
    });
  });

  it('a class on another day is not a step while there is work; with none, it is what to get ready for', () => {
    const tomorrow = { ...tonight, starts_at: '2026-11-21T13:30:00.000Z' };
    expect(kinds({ nextClass: tomorrow, programs: [{ id: 1, program_number: 2, due_at: null }] })).toEqual(['program']);
    expect(planNextSteps({ ...base, nextClass: tomorrow }, DEFAULT_TIME_ZONE)).toEqual([
      { kind: 'prepare', text: 'Get ready for session 3 on 21 Nov 2026', detail: 'Loops', link: '/DashPage/myclasses' },
    ]);
  });

  it('is never empty: the test when never taken, else waiting for a batch or asking a doubt', () => {
    expect(kinds({ quizTaken: false })).toEqual(['quiz']);
    expect(kinds({ batchNumber: null })).toEqual(['wait']);
    expect(kinds({})).toEqual(['doubt']);
  });

  it('lists at most three programs and says when one is overdue', () => {
    const programs = [1, 2, 3, 4].map((n) => ({ id: n, program_number: n, due_at: '2026-11-19T18:29:59.999Z' }));
    const steps = planNextSteps({ ...base, programs }, DEFAULT_TIME_ZONE);
    expect(steps.map((s) => s.text)).toEqual(['Solve program 1', 'Solve program 2', 'Solve program 3']);
    expect(steps[0]!.detail).toBe('Was due Thu 19 Nov 2026, 11:59 pm IST: it is still graded, marked late.');
  });
});

describe('programs to solve', () => {
  it('are those not handed in or below full marks, and not closed', () => {
    const row = { solution: null, best_score: null, best_total: null, closed: false };
    expect(isToSolve(row)).toBe(true);
    expect(isToSolve({ ...row, closed: true })).toBe(false);
    expect(isToSolve({ ...row, solution: 'x', best_score: 4, best_total: 5 })).toBe(true);
    expect(isToSolve({ ...row, solution: 'x', best_score: 5, best_total: 5 })).toBe(false);
    // Handed in through the original upload, with nothing to grade it against.
    expect(isToSolve({ ...row, solution: 'x' })).toBe(false);
  });

  it('come soonest deadline first, then those without one, by program number', () => {
    const rows = [
      { program_number: 1, due_at: null },
      { program_number: 5, due_at: '2026-11-30T18:29:59.999Z' },
      { program_number: 2, due_at: '2026-11-22T18:29:59.999Z' },
      { program_number: 3, due_at: '2026-11-22T18:29:59.999Z' },
      { program_number: 0, due_at: null },
    ];
    expect(rows.sort(byDeadline).map((r) => r.program_number)).toEqual([2, 3, 5, 0, 1]);
  });

  it('show a deadline with its weekday on the course clock', () => {
    expect(formatDeadline('2026-11-30T18:29:59.999Z', DEFAULT_TIME_ZONE)).toBe('Mon 30 Nov 2026, 11:59 pm IST');
  });
});
