import { useState } from 'react';
import type { ProgramFile } from '../../../contracts/exercises/program-input';
import { PanelError } from '../admin-panel';
import { useAskAboutStep } from '../../lib/trace-api';

/**
 * "Ask your teacher about this step": a doubt that carries the run (code, input, files) and the step, so the
 * teacher opens it where the student was.
 */
export function AskAboutStep({
  run,
  step,
  line,
}: {
  run: { code: string; stdin: string; files: ProgramFile[]; args?: string[] };
  step: number;
  line: number;
}) {
  const ask = useAskAboutStep();
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState('');
  const where = `At step ${step + 1}${line > 0 ? ` (line ${line})` : ''}`;
  if (!open)
    return (
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        onClick={() => {
          ask.reset();
          setQuestion(`${where}: `);
          setOpen(true);
        }}
      >
        Ask your teacher about this step
      </button>
    );
  return (
    <form
      className="trace-ask w-100"
      onSubmit={(event) => {
        event.preventDefault();
        ask.mutate({ question, session_id: null, trace: { args: [], ...run, step, line } });
      }}
    >
      <label className="form-label small mb-1" htmlFor="trace-question">
        Your doubt about this step
      </label>
      <textarea
        id="trace-question"
        className="form-control form-control-sm"
        rows={2}
        maxLength={4000}
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
      />
      <PanelError error={ask.error} />
      {ask.isSuccess ? (
        <p className="small text-success mb-1" role="status">
          Sent. Your teacher will open it at this step; the answer comes to My Doubts.
        </p>
      ) : null}
      <div className="d-flex gap-2 mt-1">
        <button type="submit" className="btn btn-sm btn-primary" disabled={ask.isPending || ask.isSuccess}>
          Send doubt
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setOpen(false)}>
          {ask.isSuccess ? 'Close' : 'Cancel'}
        </button>
      </div>
    </form>
  );
}
