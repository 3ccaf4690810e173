import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type AdminProgram,
  type ProgramInput,
  programInputSchema,
  programTitle,
} from '../../../contracts/course-content';
import type { useAddProgram } from './api';
import { PanelError } from '../../components/admin-panel';
import { Input, Textarea } from '../../components/form-kit';

/** The number after the highest in use: what a teacher adding programs one after another types next. */
export const nextProgramNumber = (programs: { program_number: number }[]) =>
  Math.max(0, ...programs.map((p) => p.program_number)) + 1;

/**
 * Add a program: its number (the next free one, filled in) and its task. Once added, it says so, with what comes next.
 * `onStart` clears the panel's last message when the admin adds one.
 */
export function AddProgramForm({
  onStart,
  programs,
  add,
}: {
  onStart: () => void;
  programs: AdminProgram[];
  /** The panel's add mutation: its other actions clear this form's line, so one line at a time says what happened. */
  add: ReturnType<typeof useAddProgram>;
}) {
  const next = String(nextProgramNumber(programs));
  const programForm = useForm<ProgramInput, unknown, z.output<typeof programInputSchema>>({
    resolver: zodResolver(programInputSchema),
    defaultValues: { program_number: next, task: '' },
  });
  const programErrors = programForm.formState.errors;
  // The list arrives after the form: an untouched number follows it.
  const { isDirty } = programForm.getFieldState('program_number', programForm.formState);
  useEffect(() => {
    if (!isDirty) programForm.resetField('program_number', { defaultValue: next });
  }, [next, isDirty, programForm]);

  const onAdd = (input: z.output<typeof programInputSchema>) => {
    onStart();
    add.mutate(input, {
      onSuccess: (added) =>
        programForm.reset({ program_number: String(nextProgramNumber([...programs, added])), task: '' }),
    });
  };

  return (
    <section className="card card-body mt-3 mb-3" aria-labelledby="add-program-heading">
      <h3 id="add-program-heading" className="h5">
        Add a program
      </h3>
      {add.data ? (
        <div className="alert alert-success" role="status">
          Program {add.data.program_number} is added: “{programTitle(add.data.task)}”. Give it test cases (Test cases,
          in the list above) to grade it at once, or send it as it is with Send Task.
        </div>
      ) : null}
      <PanelError error={add.error} />
      <form className="row g-2" onSubmit={programForm.handleSubmit(onAdd)} noValidate>
        <Input
          id="program-number"
          containerClassName="col-sm-3"
          label="Program number"
          type="number"
          min={1}
          required
          hint="Each program has its own number; the next free one is filled in."
          {...programForm.register('program_number')}
          error={programErrors.program_number}
        />
        <Textarea
          id="program-task"
          containerClassName="col-sm-9"
          label="Task"
          required
          rows={3}
          hint="Its first line is the program’s title in every list (for example “Sum of digits”); students read it all."
          {...programForm.register('task')}
          error={programErrors.task}
        />
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            Add<span className="visually-hidden"> program</span>
          </button>
        </div>
      </form>
    </section>
  );
}
