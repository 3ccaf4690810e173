import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type ProgramInput, programInputSchema } from '../../../contracts/course-content';
import { useAddProgram } from './api';
import { PanelError } from '../../components/admin-panel';
import { Input, Textarea } from '../../components/form-kit';

const blankProgram = { program_number: '', task: '' };

/** Add a program: its number and task. `onStart` clears the panel's last message when the admin adds one. */
export function AddProgramForm({ onStart }: { onStart: () => void }) {
  const add = useAddProgram();

  const programForm = useForm<ProgramInput, unknown, z.output<typeof programInputSchema>>({
    resolver: zodResolver(programInputSchema),
    defaultValues: blankProgram,
  });
  const programErrors = programForm.formState.errors;

  const onAdd = (input: z.output<typeof programInputSchema>) => {
    onStart();
    add.mutate(input, { onSuccess: () => programForm.reset(blankProgram) });
  };

  return (
    <>
      <h3 className="h5 mt-3">Add a program</h3>
      <PanelError error={add.error} />
      <form className="row g-2" onSubmit={programForm.handleSubmit(onAdd)} noValidate>
        <Input
          id="program-number"
          containerClassName="col-sm-3"
          label="Program number"
          type="number"
          min={1}
          required
          {...programForm.register('program_number')}
          error={programErrors.program_number}
        />
        <Textarea
          id="program-task"
          containerClassName="col-sm-9"
          label="Task"
          required
          rows={2}
          {...programForm.register('task')}
          error={programErrors.task}
        />
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            Add
          </button>
        </div>
      </form>
    </>
  );
}
