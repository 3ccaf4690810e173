import { formatManualScore } from '../../../contracts/grading';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type GradebookCell, type GradebookRow, gradebookMessages } from '../../../contracts/gradebook';
import { studentStatusLabels, studentStatusNames } from '../../../contracts/course';
import { plural } from '../../../contracts/wording';
import { useTimeZone } from '../../lib/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { PanelError } from '../../components/admin-panel';
import { batchesQuery } from '../../lib/batches-api';
import { downloadGradebook, gradebookQuery } from './api';
import { StudentWorkView } from './student-work-view';
import { batchLabel } from '../../components/batch-picker';

type SortKey = 'name' | 'status' | 'attendance' | 'quiz' | `program-${number}`;
interface Sort {
  key: SortKey;
  order: 'asc' | 'desc';
}

/** A score as a fraction, so programs of different totals compare; anything missing sorts lowest. */
function ratio(score: number | null | undefined, total: number | null | undefined): number {
  return score === null || score === undefined || !total ? -1 : score / total;
}

function sortValue(row: GradebookRow, key: SortKey): number | string {
  if (key === 'name') return `${row.last_name} ${row.first_name}`.toLocaleLowerCase();
  if (key === 'status') return studentStatusNames.indexOf(row.status);
  if (key === 'attendance') return row.attendance.percent ?? -1;
  if (key === 'quiz') return ratio(row.quiz?.best, row.quiz?.total);
  const cell = row.programs[key.slice('program-'.length)];
  return ratio(cell?.best_score, cell?.best_total);
}

function sortRows(rows: GradebookRow[], sort: Sort): GradebookRow[] {
  const direction = sort.order === 'asc' ? 1 : -1;
  const byName = (a: GradebookRow, b: GradebookRow) =>
    String(sortValue(a, 'name')).localeCompare(String(sortValue(b, 'name'))) || a.student_id - b.student_id;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    const primary = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return primary * direction || byName(a, b);
  });
}

function ProgramCell({ cell }: { cell: GradebookCell | null | undefined }) {
  if (!cell)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">not sent</span>
      </>
    );
  // The grade by rubric, under the tests' score: the teacher sees it whether or not it is released yet.
  const manual = cell.manual ? <div className="small text-nowrap">{formatManualScore(cell.manual, true)}</div> : null;
  if (cell.best_score === null || cell.best_total === null)
    return (
      <>
        <span className="text-body-secondary small">{cell.submitted ? 'submitted' : 'not submitted'}</span>
        {manual}
      </>
    );
  return (
    <>
      {cell.best_score}/{cell.best_total}
      {cell.late ? <span className="badge text-bg-warning ms-1">late</span> : null}
      {manual}
    </>
  );
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  sort: Sort;
  onSort: (key: SortKey) => void;
}) {
  const sorted = sort.key === sortKey;
  return (
    <th scope="col" aria-sort={sorted ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="btn btn-link btn-sm p-0 sort-button" onClick={() => onSort(sortKey)}>
        {label}
        {sorted ? <span aria-hidden="true">{sort.order === 'asc' ? ' ▲' : ' ▼'}</span> : null}
      </button>
    </th>
  );
}

function GradebookTable({
  batch,
  sort,
  onSort,
  onOpen,
}: {
  batch: number;
  sort: Sort;
  onSort: (key: SortKey) => void;
  onOpen: (studentId: number) => void;
}) {
  const { data, error, isPending } = useQuery(gradebookQuery(batch));
  const [csvError, setCsvError] = useState<unknown>(null);
  const downloadCsv = async () => {
    setCsvError(null);
    try {
      await downloadGradebook(batch);
    } catch (caught) {
      setCsvError(caught);
    }
  };

  if (error) return <PanelError error={error} />;
  if (isPending) return <PageSpinner label="Loading the gradebook…" />;
  if (data.rows.length === 0) return <p>{gradebookMessages.emptyBatch(batch)}</p>;
  const rows = sortRows(data.rows, sort);
  const header = (label: string, key: SortKey) => (
    <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} />
  );
  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <p className="mb-0 small text-body-secondary">
          {plural(data.rows.length, 'student')} · {plural(data.sessions_held, 'class', 'classes')} held ·{' '}
          {plural(data.programs.length, 'program')} sent
        </p>
        <button type="button" className="btn btn-outline-secondary btn-sm ms-auto" onClick={downloadCsv}>
          Download CSV
        </button>
      </div>
      <PanelError error={csvError} />
      <ScrollRegion label={`Gradebook of batch ${batch}`}>
        <table className="table table-sm align-middle admin-table gradebook-table">
          <thead>
            <tr>
              {header('Name', 'name')}
              {header('Status', 'status')}
              {header('Attendance', 'attendance')}
              {data.programs.map((n) => (
                <SortHeader key={n} label={`Program ${n}`} sortKey={`program-${n}`} sort={sort} onSort={onSort} />
              ))}
              {header('Best quiz', 'quiz')}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.student_id}>
                <th scope="row">
                  <button type="button" className="btn btn-link p-0 text-start" onClick={() => onOpen(row.student_id)}>
                    {row.first_name} {row.last_name}
                  </button>
                </th>
                <td>
                  <span className={`status-${row.status}`}>{studentStatusLabels[row.status]}</span>
                </td>
                <td className="text-nowrap">
                  {row.attendance.percent === null
                    ? '—'
                    : `${row.attendance.percent}% (${row.attendance.attended}/${row.attendance.held})`}
                </td>
                {data.programs.map((n) => (
                  <td key={n} className="text-nowrap">
                    <ProgramCell cell={row.programs[String(n)]} />
                  </td>
                ))}
                <td className="text-nowrap">{row.quiz ? `${row.quiz.best}/${row.quiz.total}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

/**
 * The gradebook, per batch: one row per student with attendance, each program's best score (late marked), the best
 * quiz and the status; sorted in the browser; a name opens the student's work (`?student=` on the page's address).
 */
export function GradebookPanel() {
  const zone = useTimeZone();
  const [params, setParams] = useSearchParams();
  const batches = useQuery(batchesQuery());
  // Kept here, so that the order chosen is still there on the way back from a student's work.
  const [sort, setSort] = useState<Sort>({ key: 'name', order: 'asc' });
  const onSort = (key: SortKey) =>
    setSort((s) => ({ key, order: s.key === key && s.order === 'asc' ? 'desc' : 'asc' }));
  const wanted = Number(params.get('batch'));
  const student = Number(params.get('student'));
  const firstWithStudents = batches.data?.find((b) => b.students > 0) ?? batches.data?.[0];
  const batch = Number.isInteger(wanted) && wanted >= 1 ? wanted : (firstWithStudents?.batch_number ?? null);
  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });

  if (Number.isInteger(student) && student >= 1)
    return <StudentWorkView studentId={student} onBack={() => setParam('student', null)} />;
  return (
    <section className="admin-panel mb-4" aria-labelledby="gradebook-title">
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <h2 id="gradebook-title" className="h4 mb-0 me-auto">
          Gradebook
        </h2>
        {batches.data && batches.data.length > 0 ? (
          <div className="d-flex gap-2 align-items-center batch-select-field">
            <label className="form-label mb-0" htmlFor="gradebook-batch">
              Batch
            </label>
            <select
              id="gradebook-batch"
              className="form-select form-select-sm w-auto batch-select"
              value={batch ?? ''}
              onChange={(e) => setParam('batch', e.target.value)}
            >
              {batch !== null && !batches.data.some((b) => b.batch_number === batch) ? (
                <option value={batch}>Batch {batch}</option>
              ) : null}
              {batches.data.map((b) => (
                <option key={b.batch_number} value={b.batch_number}>
                  {batchLabel(b, zone)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {batches.error ? (
        <PanelError error={batches.error} />
      ) : batches.isPending ? (
        <PageSpinner label="Loading the batches…" />
      ) : batch === null ? (
        <p>{gradebookMessages.noBatches}</p>
      ) : (
        <GradebookTable batch={batch} sort={sort} onSort={onSort} onOpen={(id) => setParam('student', String(id))} />
      )}
    </section>
  );
}
