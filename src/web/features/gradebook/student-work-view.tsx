import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../contracts/dates';
import { studentStatusLabels } from '../../../contracts/course';
import type { WorkProgram } from '../../../contracts/gradebook';
import { programLabel } from '../../../contracts/course-content';
import { useTimeZone } from '../../lib/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { PanelError } from '../../components/admin-panel';
import { studentWorkQuery } from './api';
import { StatusHistory } from './status-history';
import { StudentCertificates } from './student-certificates';
import { CommentPlace } from '../../components/comment-place';

const sourceLabels: Record<WorkProgram['source'], string> = {
  draft: 'Latest draft',
  solution: 'Handed-in solution',
  none: 'Nothing written yet',
};

function LateBadge() {
  return <span className="badge text-bg-warning ms-1">late</span>;
}

function ProgramWork({ program }: { program: WorkProgram }) {
  const zone = useTimeZone();
  const n = program.program_number;
  const lines = program.code.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const commented = new Set(program.comments.flatMap((c) => (c.now_line === null ? [] : [c.now_line])));
  return (
    <article className="card card-body mb-3" aria-labelledby={`work-program-${n}`}>
      <h3 id={`work-program-${n}`} className="h5">
        {programLabel(program)}
      </h3>
      <p className="mb-2 text-break">{program.task}</p>
      <dl className="account-details small mb-2">
        <dt>Deadline</dt>
        <dd>{program.due_at ? formatDateTime(program.due_at, zone) : 'None'}</dd>
        <dt>Best score</dt>
        <dd>
          {program.best_score === null || program.best_total === null
            ? 'No graded run yet'
            : `${program.best_score}/${program.best_total}`}
          {program.best_late ? <LateBadge /> : null}
        </dd>
        {program.submitted_at ? (
          <>
            <dt>Solution handed in</dt>
            <dd>{formatDateTime(program.submitted_at, zone)}</dd>
          </>
        ) : null}
      </dl>
      <h4 className="h6">{sourceLabels[program.source]}</h4>
      {program.source === 'none' ? null : (
        <ScrollRegion label={`Code of program ${n}`} className="work-code mb-2">
          <pre className="mb-0">
            <code>
              {lines.map((text, index) => (
                <span key={index} className={commented.has(index + 1) ? 'work-line has-comment' : 'work-line'}>
                  <span className="work-line-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  {text}
                  {'\n'}
                </span>
              ))}
            </code>
          </pre>
        </ScrollRegion>
      )}
      <h4 className="h6">Teacher’s comments</h4>
      {program.comments.length === 0 ? (
        <p className="small text-body-secondary">No comments.</p>
      ) : (
        <ul className="small">
          {program.comments.map((c) => (
            <li key={c.id}>
              <CommentPlace comment={c} />
              {c.body}{' '}
              <span className="text-body-secondary">
                ({c.author}, {formatDateTime(c.created_at, zone)})
              </span>
            </li>
          ))}
        </ul>
      )}
      <h4 className="h6">Submissions</h4>
      {program.submissions.length === 0 ? (
        <p className="small text-body-secondary mb-0">No graded runs.</p>
      ) : (
        <ScrollRegion label={`Submissions of program ${n}`}>
          <table className="table table-sm admin-table mb-0">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {program.submissions.map((s) => (
                <tr key={s.id}>
                  <td className="text-nowrap">{formatDateTime(s.created_at, zone)}</td>
                  <td className="text-nowrap">
                    {s.status === 'compile_error' ? 'did not compile' : `${s.score}/${s.total}`}
                    {s.late ? <LateBadge /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </article>
  );
}

/** One student's work for the teacher: each program's code, graded runs and comments, read-only. */
export function StudentWorkView({ studentId, onBack }: { studentId: number; onBack: () => void }) {
  const { data, error, isPending } = useQuery(studentWorkQuery(studentId));
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the gradebook: the view replaces the table, so the reader starts at its heading.
  useEffect(() => heading.current?.focus(), [data?.student.id]);
  return (
    <section className="admin-panel mb-4" aria-labelledby="student-work-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="student-work-title" className="h4 mb-0" tabIndex={-1} ref={heading}>
          {data ? `Work of ${data.student.first_name} ${data.student.last_name}` : 'Student’s work'}
        </h2>
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          Back to the gradebook
        </button>
      </div>
      {error ? (
        <PanelError error={error} />
      ) : isPending ? (
        <PageSpinner label="Loading the student’s work…" />
      ) : (
        <>
          <p className="text-break">
            {data.student.email} · {data.student.batch === null ? 'no batch' : `batch ${data.student.batch}`} ·{' '}
            <span className={`status-${data.student.status}`}>{studentStatusLabels[data.student.status]}</span>
          </p>
          <StatusHistory studentId={studentId} />
          <StudentCertificates studentId={studentId} />
          {data.programs.length === 0 ? (
            <p>No programs sent to this student yet.</p>
          ) : (
            data.programs.map((p) => <ProgramWork key={p.student_program_id} program={p} />)
          )}
        </>
      )}
    </section>
  );
}
