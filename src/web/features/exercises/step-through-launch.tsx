import { useState } from 'react';
import type { ProgramFile } from '../../../contracts/exercises';
import type { TraceResult } from '../../../contracts/trace';
import { errorText } from '../../lib/error-text';
import { useAdminTrace, useTraceProgram } from './api';
import { StepThrough } from './step-through';

type Source = { studentProgramId: number; files: ProgramFile[] } | { admin: true };

/**
 * The Step through button and, once a run is recorded, the view; for a student's own program (through their
 * program's route) or for the teacher (any code). What can't be stepped through is said under the button.
 */
export function useStepThrough(source: Source, read: () => { code: string; stdin: string }, disabled: boolean) {
  const student = useTraceProgram();
  const admin = useAdminTrace();
  const [traced, setTraced] = useState<{ code: string; result: TraceResult; run: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = student.isPending || admin.isPending;

  const start = async () => {
    setProblem(null);
    const { code, stdin } = read();
    try {
      const result =
        'admin' in source
          ? await admin.mutateAsync({ code, stdin })
          : await student.mutateAsync({ id: source.studentProgramId, code, stdin, files: source.files });
      // Each new run starts the view afresh, at its first step.
      setTraced(result.trace ? { code, result, run: (traced?.run ?? 0) + 1 } : null);
      if (!result.trace) setProblem(result.message);
    } catch (failure) {
      setProblem(errorText(failure));
    }
  };

  const button = (
    <button
      type="button"
      className="btn btn-outline-primary"
      disabled={disabled || pending}
      onClick={() => void start()}
    >
      {pending ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
      Step through
    </button>
  );
  const panel = (
    <>
      {problem ? (
        <div className="alert alert-warning mt-3" role="alert">
          {problem}
        </div>
      ) : null}
      {traced ? (
        <StepThrough key={traced.run} code={traced.code} result={traced.result} onClose={() => setTraced(null)} />
      ) : null}
    </>
  );
  return { pending, button, panel };
}
