import { useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import type { DoubtRunSummary } from '../../../contracts/doubts';
import { plural, sizeInWords } from '../../../contracts/wording';
import { useStepThrough } from '../../components/step-through/use-step-through';
import { doubtRunQuery } from './api';

/**
 * "code 1.2 KB, input 12 bytes, 2 files (3.4 KB)": what opening the run will fetch. Each part is kept on one line,
 * so a phone never puts a number and its unit on two.
 */
function Sizes({ run }: { run: DoubtRunSummary }) {
  const parts = [`code ${sizeInWords(run.code_bytes)}`];
  if (run.stdin_bytes > 0) parts.push(`input ${sizeInWords(run.stdin_bytes)}`);
  if (run.files > 0) parts.push(`${plural(run.files, 'file')} (${sizeInWords(run.files_bytes)})`);
  return parts.map((part, index) => (
    <Fragment key={part}>
      {index > 0 ? ', ' : null}
      <span className="text-nowrap">{part}</span>
    </Fragment>
  ));
}

/**
 * A doubt asked from Step through: its summary, and a button that fetches the run and steps through it again (the
 * same code and input give the same steps), opened at the student's step.
 */
export function DoubtRun({ id, run }: { id: number; run: DoubtRunSummary }) {
  const client = useQueryClient();
  const stepThrough = useStepThrough({ admin: true }, () => client.fetchQuery(doubtRunQuery(id)), false);
  return (
    <div className="mb-2">
      <p className="small text-body-secondary mb-1">
        Asked from Step through: <Sizes run={run} />.
      </p>
      {stepThrough.button(
        // A line 0 is before the program's first line: not said.
        `Open at step ${run.step + 1}${run.line > 0 ? ` (line ${run.line})` : ''}`,
        'btn btn-sm btn-outline-primary',
      )}
      {stepThrough.panel}
    </div>
  );
}
