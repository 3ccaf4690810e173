import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contentMessages, type SendProgramFormInput, sendProgramFormSchema } from '../../../contracts/course-content';
import { formatDate } from '../../../contracts/dates';
import { plural } from '../../../contracts/wording';
import { useTimeZone } from '../../lib/site-info';
import { useConfirm } from '../../components/confirm-dialog';
import { PageSpinner } from '../../components/page-spinner';
import { type BatchMember } from '../../../contracts/admin';
import { type Submission, programsQuery } from '../../lib/programs-api';
import { listSubmissions, useAddProgram, useCloseProgram, useDeleteProgram, useSendProgram } from './api';
import { batchesQuery, getBatch } from '../../lib/batches-api';
import { AdminPanel, PanelError } from '../../components/admin-panel';
import { usePanelAction } from '../../lib/use-panel-action';
import { errorText } from '../../lib/error-text';
import { BatchSuggestions } from '../../components/batch-picker';
import { DateInput, Input } from '../../components/form-kit';
import { AddProgramForm } from './add-program-form';
import { ProgramSolutions, TopicFilter } from './program-list-parts';
import { BatchMembers } from '../../components/batch-members';
import { ProgramItem } from './program-item';

/** Program Exercises (Add/Delete Your Program Details), Send Task to a batch, and the students' solutions. */
/** The test-case editor of one program (the exercises area's), handed in by the admin page. */
export type TestsEditor = ComponentType<{ programId: number; onClose: () => void }>;

export function ProgramsPanel({
  onExit,
  TestsEditor,
  BankImport,
}: {
  onExit: () => void;
  TestsEditor: TestsEditor;
  /** Import exercises from a file (the exercises area's), handed in by the admin page. */
  BankImport: ComponentType;
}) {
  const zone = useTimeZone();
  const programs = useQuery(programsQuery());
  const remove = useDeleteProgram();
  const close = useCloseProgram();
  const sendTask = useSendProgram();
  // The batch (for its list and for sending) and an optional due date, one form for every program's Send Task.
  const sendForm = useForm<SendProgramFormInput, unknown, z.output<typeof sendProgramFormSchema>>({
    resolver: zodResolver(sendProgramFormSchema),
    defaultValues: { student_batch: '', due_date: '' },
  });
  const batch = String(sendForm.watch('student_batch') ?? '');
  const sendErrors = sendForm.formState.errors;
  const [members, setMembers] = useState<BatchMember[] | null>(null);
  const panelAction = usePanelAction();
  const { message, error, clear } = panelAction;
  const add = useAddProgram();
  // One line at a time says what happened: an action of the list clears the add form's.
  const run = (work: () => Promise<string | void>) => {
    add.reset();
    return panelAction.run(work);
  };
  const [submissions, setSubmissions] = useState<{ programNumber: number; rows: Submission[] } | null>(null);
  const [testsOf, setTestsOf] = useState<number | null>(null);
  const [topic, setTopic] = useState('');
  const { confirm, dialog } = useConfirm();
  const batchNumber = Number(batch) >= 1 ? Number(batch) : null;
  const batches = useQuery(batchesQuery());
  const batchHint = batches.data?.length
    ? `Your batches: ${batches.data.map((b) => b.batch_number).join(', ')}.`
    : 'No batch has students yet (Create Batch).';

  const askDelete = (program: { id: number; program_number: number }) =>
    void confirm({
      title: `Delete program ${program.program_number}?`,
      message: (
        <p className="mb-0">
          Program {program.program_number} leaves this list, with its starter code and test cases, so it can no longer
          be sent or graded. Students it was sent to keep their copy and what they wrote. This cannot be undone.
        </p>
      ),
      confirmLabel: `Delete program ${program.program_number}`,
      action: async () => {
        clear();
        add.reset();
        await remove.mutateAsync(program.id);
        if (testsOf === program.id) setTestsOf(null);
      },
    });

  /** Send Task is never greyed out: pressed without a batch, the batch field says what it needs and takes the focus. */
  const needBatch = () => {
    sendForm.setError('student_batch', { message: 'Give the batch to send it to.' }, { shouldFocus: true });
  };
  const send = (program: { id: number; program_number: number }) =>
    batchNumber === null
      ? needBatch()
      : void sendForm.handleSubmit((input) =>
          run(async () => {
            try {
              const { sent } = await sendTask.mutateAsync({ id: program.id, input });
              const due = input.due_date ? `, due ${formatDate(input.due_date, zone)}` : '';
              return `Program ${program.program_number} sent to ${plural(sent, 'student')} of batch ${input.student_batch}${due}.`;
            } catch (failure) {
              // The server knows the course's today: a past day is the date field's error.
              if (errorText(failure) !== contentMessages.dueDatePassed) throw failure;
              sendForm.setError('due_date', { message: contentMessages.dueDatePassed });
            }
          }),
        )();

  return (
    <AdminPanel title="Program Exercises (Add/Delete Your Program Details)" onExit={onExit}>
      <p>
        Each program is a task with its number. Add one below, give it test cases so that students’ code is graded at
        once (or leave it without, to read what they hand in), then send it to a batch with Send Task.
      </p>
      <div className="card card-body mb-3">
        <h3 className="h6">Send Task to a batch</h3>
        <p className="small text-body-secondary mb-2">
          Give the batch (and a due date if you want one), then press Send Task on a program: each of the batch’s
          students gets it, by email and in the site, once.
        </p>
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <Input
            id="program-batch"
            label="Batch number"
            type="number"
            min={1}
            list="program-batch-batches"
            containerClassName=""
            hint={batchHint}
            registration={sendForm.register('student_batch')}
            error={sendErrors.student_batch}
          />
          <BatchSuggestions id="program-batch-batches" />
          <DateInput
            id="program-due-date"
            label="Due date (optional)"
            containerClassName=""
            hint="The end of that day, course time."
            registration={sendForm.register('due_date')}
            error={sendErrors.due_date}
          />
          <button
            type="button"
            className="btn btn-outline-primary field-row-button"
            onClick={() =>
              batchNumber === null ? needBatch() : run(async () => setMembers(await getBatch(batchNumber)))
            }
          >
            Show batch List
          </button>
        </div>
      </div>
      {members ? <BatchMembers batch={batch} members={members} columns="id" /> : null}
      <PanelError error={error ?? programs.error} />
      {message ? (
        <div className="alert alert-success" role="status">
          {message}
        </div>
      ) : null}
      <h3 className="h5">Programs</h3>
      {programs.isPending ? <PageSpinner /> : null}
      {programs.data?.length === 0 ? <p>No program yet: add the first one below.</p> : null}
      <TopicFilter programs={programs.data ?? []} topic={topic} onChange={setTopic} />
      {programs.data && programs.data.length > 0 ? (
        // One card per program rather than a table: the task reads as a paragraph and the buttons wrap onto
        // more lines on a phone instead of being cut off.
        <ul className="program-list" aria-label="Programs">
          {programs.data
            .filter((p) => !topic || p.topic === topic)
            .map((p) => (
              <ProgramItem
                key={p.id}
                program={p}
                busy={sendTask.isPending || remove.isPending}
                testsOpen={testsOf === p.id}
                onSend={() => send(p)}
                onTests={() => setTestsOf(testsOf === p.id ? null : p.id)}
                onSolutions={() =>
                  run(async () =>
                    setSubmissions({ programNumber: p.program_number, rows: await listSubmissions(p.id) }),
                  )
                }
                onClose={() =>
                  run(async () => {
                    await close.mutateAsync({ id: p.id, closed: !p.closed });
                    return `Program ${p.program_number} ${p.closed ? 'reopened' : 'closed'}.`;
                  })
                }
                onDelete={() => askDelete(p)}
              />
            ))}
        </ul>
      ) : null}
      {dialog}
      {testsOf !== null ? <TestsEditor programId={testsOf} onClose={() => setTestsOf(null)} /> : null}
      {submissions ? <ProgramSolutions {...submissions} /> : null}
      <AddProgramForm onStart={clear} programs={programs.data ?? []} add={add} />
      <BankImport />
    </AdminPanel>
  );
}
