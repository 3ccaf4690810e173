import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../../../contracts/exercises/workspace';
import { TimedBanner } from './timed-banner';
import { WorkspaceGrade } from './workspace-grade';

const TIMING = {
  opens_at: '2026-12-10T04:30:00.000Z',
  closes_at: '2026-12-10T05:00:00.000Z',
  minutes: 30,
  extra_minutes: 0,
};
const text = (element: React.ReactElement) => renderToStaticMarkup(element).replace(/<[^>]+>/g, '');

describe('the timed banner', () => {
  it('says when the program opens and for how long, before it does', () => {
    const before = Date.parse(TIMING.opens_at) - 3_600_000;
    expect(text(<TimedBanner timing={TIMING} now={before} />)).toBe(
      'Timed program. It opens at 10 Dec 2026, 10:00 am IST, in 1:00:00; you will then have 30 minutes.',
    );
  });

  it('gives only the date when the opening is more than a day away', () => {
    const before = Date.parse(TIMING.opens_at) - 43 * 3_600_000;
    expect(text(<TimedBanner timing={TIMING} now={before} />)).toBe(
      'Timed program. It opens at 10 Dec 2026, 10:00 am IST; you will then have 30 minutes.',
    );
  });

  it('counts the time left while it is open, in a timer, with the extension said', () => {
    const markup = renderToStaticMarkup(
      <TimedBanner timing={{ ...TIMING, extra_minutes: 10 }} now={Date.parse(TIMING.opens_at) + 60_000} />,
    );
    expect(markup).toContain('<span role="timer" aria-label="Time left">29:00</span>');
    expect(markup).toContain('(with 10 extra minutes)');
  });

  it('says time is up from the closing moment', () => {
    expect(text(<TimedBanner timing={TIMING} now={Date.parse(TIMING.closes_at)} />)).toBe(
      'Time is up. The program closed at 10 Dec 2026, 10:30 am IST. Late work is not accepted.',
    );
  });
});

describe("the workspace's grade", () => {
  const rubric = [
    { title: 'Checks scanf', points: 4 },
    { title: 'Clear names', points: 6 },
  ];
  const workspace = (fields: Partial<Workspace>) => ({ rubric, grade: null, ...fields }) as Workspace;

  it('shows the rubric and what it is worth until a grade is released', () => {
    const shown = text(<WorkspaceGrade workspace={workspace({})} />);
    expect(shown).toContain('How your teacher grades it');
    expect(shown).toContain('Checks scanf4');
    expect(shown).toContain('Worth 10 points in all, given by hand.');
  });

  it('shows the points per criterion and the feedback once released, and nothing without a rubric', () => {
    const grade = {
      scores: [
        { title: 'Checks scanf', max: 4, points: 4 },
        { title: 'Clear names', max: 6, points: 3 },
      ],
      score: 7,
      total: 10,
      feedback: 'Name a and b after what they hold.',
      graded_by: 'Course Admin',
      graded_at: TIMING.opens_at,
      released_at: TIMING.closes_at,
    };
    const shown = text(<WorkspaceGrade workspace={workspace({ grade })} />);
    expect(shown).toContain('Graded by your teacher: 7/10');
    expect(shown).toContain('Clear names3 / 6');
    expect(shown).toContain('Name a and b after what they hold.');
    expect(shown).toContain('By Course Admin, released 10 Dec 2026, 10:30 am IST.');
    expect(renderToStaticMarkup(<WorkspaceGrade workspace={workspace({ rubric: [] })} />)).toBe('');
    // Closed (or a timed window over): nothing more can change it, so nothing is said.
    expect(shown).not.toContain('may change');
  });

  it('tells a student who can still submit that a new submission may change a released grade', () => {
    const grade = {
      scores: [{ title: 'Checks scanf', max: 4, points: 3 }],
      score: 3,
      total: 4,
      feedback: '',
      graded_by: 'Meena Rao',
      graded_at: TIMING.opens_at,
      released_at: TIMING.opens_at,
    };
    const shown = text(<WorkspaceGrade workspace={workspace({ grade })} stillOpen />);
    expect(shown).toContain(
      'Your teacher has graded this program (3/4). You can still change your code and submit until it closes, but ' +
        'your teacher may then look at it again, and the grade may change.',
    );
    expect(text(<WorkspaceGrade workspace={workspace({})} stillOpen />)).not.toContain('may change');
  });
});
