import { useState } from 'react';
import { formatDateTime } from '../../../../contracts/dates';
import type { StudentCode } from '../../../../contracts/exercises/supervision';
import { RUBRIC_LIMITS, rubricTotal } from '../../../../contracts/grading';
import { Input, Textarea } from '../../../components/form-kit';
import { PanelError } from '../../../components/admin-panel';
import { useTimeZone } from '../../../lib/site-info';
import { useSaveGrade } from './grading-api';

/**
 * The teacher grades a student's program against its rubric: points per criterion and feedback (comments on lines
 * are made above, on the code). Saved unseen by the student, or saved and released at once.
 */
export function RubricGrading({ code }: { code: StudentCode }) {
  const zone = useTimeZone();
  const { rubric, grade } = code;
  const [points, setPoints] = useState(() =>
    rubric.map((criterion, index) => String(grade?.scores[index]?.points ?? '')),
  );
  const [feedback, setFeedback] = useState(grade?.feedback ?? '');
  const save = useSaveGrade();
  if (rubric.length === 0) return null;
  const given = points.reduce((sum, p) => sum + (Number(p) || 0), 0);
  const onSave = (release: boolean) =>
    save.mutate({
      studentProgramId: code.student_program_id,
      body: { scores: points.map((p) => (p.trim() === '' ? Number.NaN : Number(p))), feedback, release },
    });
  const blank = points.some((p) => p.trim() === '');

  return (
    <section className="border rounded p-2 mt-3" aria-label="Grade by rubric">
      <h4 className="h6">Grade by rubric</h4>
      <p className="small mb-2">
        Tests: {code.best_score !== null ? `${code.best_score}/${code.best_total}` : 'not submitted'} · By hand: {given}
        /{rubricTotal(rubric)}
        {grade ? (
          <span className="text-body-secondary">
            {' '}
            ·{' '}
            {grade.released_at
              ? `released ${formatDateTime(grade.released_at, zone)}`
              : 'saved, not released: the student cannot see it yet'}
          </span>
        ) : null}
      </p>
      {rubric.map((criterion, index) => (
        <Input
          key={index}
          id={`grade-points-${index}`}
          containerClassName="mb-2"
          label={`${criterion.title} (out of ${criterion.points})`}
          type="number"
          min={0}
          max={criterion.points}
          value={points[index]}
          onChange={(e) => setPoints((all) => all.map((p, i) => (i === index ? e.target.value : p)))}
        />
      ))}
      <Textarea
        id="grade-feedback"
        containerClassName="mb-2"
        label="Feedback (optional)"
        rows={3}
        maxLength={RUBRIC_LIMITS.feedbackMaxChars}
        value={feedback}
        onChange={(e) => setFeedback(e.target.value)}
      />
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={save.isPending || blank}
          onClick={() => onSave(false)}
        >
          Save grade
        </button>
        {grade?.released_at ? null : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={save.isPending || blank}
            onClick={() => onSave(true)}
          >
            Save and release
          </button>
        )}
      </div>
      {save.isSuccess ? (
        <p className="text-success small mt-2 mb-0" role="status">
          {save.data.released_at ? 'Grade saved and released.' : 'Grade saved. Release it when you are ready.'}
        </p>
      ) : null}
      <PanelError error={save.error} />
    </section>
  );
}
