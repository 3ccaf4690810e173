import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProgramFile } from '../../../contracts/exercises/program-input';
import type { TraceResult } from '../../../contracts/trace';
import { errorText } from '../../lib/error-text';
import { InlineCode } from '../inline-code';
import { useAdminTrace, useTraceProgram } from '../../lib/trace-api';
import { StepThrough } from './step-through';

/** A student's own program (through its route; they may ask about a step), or any code for the teacher. */
type Source = { studentProgramId: number } | { admin: true };

interface Input {
  code: string;
  stdin: string;
  files: ProgramFile[];
  /** Command-line arguments, as Run gives them. */
  args?: string[];
}

/** What `read` gives: the input, and the step to open at when not the first (a doubt's). */
type Reading = Input & { step?: number };

/**
 * The Step through button and, once a run is recorded, the view. `read` gives the code and input at the time of
 * the click, at once or from the server (a doubt's run, fetched when the teacher opens it); `start` may be given
 * other input (a test's) and a step to open at. What can't be read or stepped through is said under the button.
 */
export function useStepThrough(source: Source, read: () => Reading | Promise<Reading>, disabled: boolean) {
  const student = useTraceProgram();
  const admin = useAdminTrace();
  // Reading the input is part of the click's wait: its pending state is the button's too.
  const reader = useMutation({ mutationFn: async () => read() });
  const [traced, setTraced] = useState<{ input: Input; result: TraceResult; run: number; step: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = reader.isPending || student.isPending || admin.isPending;

  const start = async (given?: Partial<Input> & { step?: number }) => {
    setProblem(null);
    try {
      const { step = 0, ...input } = { ...(await reader.mutateAsync()), ...given };
      const result =
        'admin' in source
          ? await admin.mutateAsync(input)
          : await student.mutateAsync({ id: source.studentProgramId, ...input });
      // Each new run starts the view afresh, at its first step (or the one asked for).
      setTraced(result.trace ? { input, result, run: (traced?.run ?? 0) + 1, step } : null);
      if (!result.trace) setProblem(result.message);
    } catch (failure) {
      setProblem(errorText(failure));
    }
  };

  /** The button that starts it; `given`: other input, or a step to open at (a doubt's). */
  const button = (
    label = 'Step through',
    className = 'btn btn-outline-primary',
    given?: Partial<Input> & { step?: number },
  ) => (
    <button type="button" className={className} disabled={disabled || pending} onClick={() => void start(given)}>
      {pending ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
      {label}
    </button>
  );
  const panel = (
    <>
      {problem ? (
        <div className="alert alert-warning mt-3" role="alert">
          <InlineCode text={problem} />
        </div>
      ) : null}
      {traced ? (
        <StepThrough
          key={traced.run}
          code={traced.input.code}
          result={traced.result}
          initialStep={traced.step}
          ask={'admin' in source ? undefined : traced.input}
          onClose={() => setTraced(null)}
        />
      ) : null}
    </>
  );
  return { pending, start, button, panel };
}
