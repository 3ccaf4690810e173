import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { programLabel } from '../../../contracts/course-content';
import { useState } from 'react';
import { formatDateTime } from '../../../contracts/dates';
import {
  formatSimilarity,
  type SimilarityRun,
  type SimilarityState,
  similarityMessages,
} from '../../../contracts/similarity';
import { plural } from '../../../contracts/wording';
import { useTimeZone } from '../../lib/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { AdminPanel, PanelError } from '../../components/admin-panel';
import { batchesQuery } from '../../lib/batches-api';
import { programsQuery } from '../../lib/programs-api';
import { batchLabel } from '../../components/batch-picker';
import { similarityQuery, useStartSimilarity } from './api';
import { usePanelAction } from '../../lib/use-panel-action';
import { PairView, fullName } from './similarity-pair';

const phaseLabels: Record<string, string> = {
  queued: 'Starting…',
  comparing: 'Reading and fingerprinting the submissions…',
  fragments: 'Finding the matching fragments of the most similar pairs…',
};

function Progress({ run }: { run: SimilarityRun }) {
  const { done, total } = run.progress;
  const percent = total > 0 ? Math.round((done * 100) / total) : 0;
  return (
    <div className="mb-3">
      <p className="mb-1" role="status">
        {phaseLabels[run.phase] ?? 'Running…'} {total > 0 ? `(${done} of ${total})` : null}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Similarity check progress"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function RunResult({ program, batch, run }: { program: number; batch: number; run: SimilarityRun }) {
  const zone = useTimeZone();
  const [open, setOpen] = useState<number | null>(null);
  const names = new Map(run.students.map((s) => [s.student_id, fullName(s)]));
  return (
    <>
      <p className="small text-body-secondary mb-2">
        {plural(run.students.length, 'submission')} compared
        {run.finished_at ? ` · finished ${formatDateTime(run.finished_at, zone)}` : ''}
        {run.starter_code_ignored ? ' · the starter code does not count as a match' : ''}
      </p>
      {run.left_out.length > 0 ? (
        <div className="alert alert-warning" role="note">
          <p className="mb-1">Left out of the check:</p>
          <ul className="mb-0">
            {run.left_out.map((s) => (
              <li key={s.student_id}>
                {fullName(s)}: {s.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ScrollRegion label={`Pairs of program ${program}, batch ${batch}, most similar first`}>
        <table className="table table-sm align-middle admin-table similarity-table">
          <thead>
            <tr>
              <th scope="col" className="d-none d-sm-table-cell">
                Rank
              </th>
              <th scope="col">Students</th>
              <th scope="col">Similarity</th>
              <th scope="col" className="d-none d-sm-table-cell">
                Fragments
              </th>
              <th scope="col">
                <span className="visually-hidden">Compare</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {run.pairs.map((p) => (
              <tr key={p.rank} className={open === p.rank ? 'table-active' : undefined}>
                <td className="d-none d-sm-table-cell">{p.rank}</td>
                <td>
                  {names.get(p.left_student_id)} and {names.get(p.right_student_id)}
                  {/* On a phone the rank is the order and the fragment count goes under the names. */}
                  <span className="d-block d-sm-none small text-body-secondary">{plural(p.fragments, 'fragment')}</span>
                </td>
                <td>
                  <span className="similarity-percent">{formatSimilarity(p.similarity)}</span>
                </td>
                <td className="d-none d-sm-table-cell">{p.fragments}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary text-wrap"
                    aria-pressed={open === p.rank}
                    onClick={() => setOpen(p.rank)}
                  >
                    Side by side
                    <span className="visually-hidden">
                      : {names.get(p.left_student_id)} and {names.get(p.right_student_id)}
                    </span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {open !== null ? <PairView program={program} batch={batch} rank={open} run={run} /> : null}
    </>
  );
}

function CheckState({
  program,
  batch,
  check: { data, error, isPending },
}: {
  program: number;
  batch: number;
  check: UseQueryResult<SimilarityState>;
}) {
  if (error) return <PanelError error={error} />;
  if (isPending) return <PageSpinner label="Loading the check…" />;
  const { run } = data;
  if (!run) return <p>{similarityMessages.noRun(program, batch)}</p>;
  if (run.status === 'running') return <Progress run={run} />;
  if (run.status === 'failed')
    return (
      <div className="alert alert-danger" role="alert">
        {run.error}
      </div>
    );
  return <RunResult key={run.started_at} program={program} batch={batch} run={run} />;
}

/**
 * The teacher compares a batch's latest submissions of a program (Dolos, on the server, in a worker thread): pairs
 * ranked by similarity, and a pair's two programs side by side with the matching fragments in the same colours.
 */
export function SimilarityPanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
  const programs = useQuery(programsQuery());
  const batches = useQuery(batchesQuery());
  const [chosenProgram, setProgram] = useState<number | null>(null);
  const [chosenBatch, setBatch] = useState<number | null>(null);
  const start = useStartSimilarity();
  const action = usePanelAction();
  const program = chosenProgram ?? programs.data?.[0]?.program_number ?? null;
  const batch = chosenBatch ?? (batches.data?.find((b) => b.students > 0) ?? batches.data?.[0])?.batch_number ?? null;
  const check = useQuery({ ...similarityQuery(program ?? 0, batch ?? 0), enabled: program !== null && batch !== null });
  const running = check.data?.run?.status === 'running';

  const run = () =>
    action.run(async () => {
      if (program === null || batch === null) return;
      await start.mutateAsync({ program, batch });
    });

  return (
    <AdminPanel title="Similarity check" onExit={onExit}>
      {programs.error || batches.error ? (
        <PanelError error={programs.error ?? batches.error} />
      ) : programs.isPending || batches.isPending ? (
        <PageSpinner label="Loading programs and batches…" />
      ) : program === null || batch === null ? (
        <p>A check needs a program and a batch: create them first.</p>
      ) : (
        <>
          <form
            className="d-flex flex-wrap gap-2 align-items-end mb-3"
            onSubmit={(e) => {
              e.preventDefault();
              void run();
            }}
          >
            <div>
              <label className="form-label mb-1" htmlFor="similarity-program">
                Program
              </label>
              <select
                id="similarity-program"
                className="form-select"
                value={program}
                onChange={(e) => {
                  action.clear();
                  setProgram(Number(e.target.value));
                }}
              >
                {programs.data.map((p) => (
                  <option key={p.id} value={p.program_number}>
                    {programLabel(p)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label className="form-label mb-1" htmlFor="similarity-batch">
                Batch
              </label>
              <select
                id="similarity-batch"
                className="form-select batch-select"
                value={batch}
                onChange={(e) => {
                  action.clear();
                  setBatch(Number(e.target.value));
                }}
              >
                {batches.data.map((b) => (
                  <option key={b.batch_number} value={b.batch_number}>
                    {batchLabel(b, zone)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn btn-primary" disabled={running || action.pending}>
              Run check
            </button>
          </form>
          <PanelError error={action.error} />
          <CheckState program={program} batch={batch} check={check} />
        </>
      )}
    </AdminPanel>
  );
}
