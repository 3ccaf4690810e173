import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  contentMessages,
  programLabel,
  type SendProgramFormInput,
  sendProgramFormSchema,
} from '../../../contracts/course-content';
import { formatDate } from '../../../contracts/dates';
import { plural } from '../../../contracts/wording';
import { useTimeZone } from '../../lib/site-info';
import { useConfirm } from '../../components/confirm-dialog';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { type BatchMember } from '../../../contracts/admin';
import { type Submission, programsQuery } from '../../lib/programs-api';
import { listSubmissions, useCloseProgram, useDeleteProgram, useSendProgram } from './api';
import { getBatch } from '../../lib/batches-api';
import { AdminPanel, PanelError } from '../../components/admin-panel';
import { usePanelAction } from '../../lib/use-panel-action';
import { errorText } from '../../lib/error-text';
import { BatchSuggestions } from '../../components/batch-picker';
import { DateInput, Input } from '../../components/form-kit';
import { AddProgramForm } from './add-program-form';
import { ProgramSolutions, TopicFilter } from './program-list-parts';

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
  const { run, message, error, clear } = usePanelAction();
  const [submissions, setSubmissions] = useState<{ programNumber: number; rows: Submission[] } | null>(null);
  const [testsOf, setTestsOf] = useState<number | null>(null);
  const [topic, setTopic] = useState('');
  const { confirm, dialog } = useConfirm();
  const batchNumber = Number(batch) >= 1 ? Number(batch) : null;

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
        await remove.mutateAsync(program.id);
        if (testsOf === program.id) setTestsOf(null);
      },
    });

  const send = (program: { id: number; program_number: number }) =>
    void sendForm.handleSubmit((input) =>
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
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <Input
          id="program-batch"
          label="Batch number"
          type="number"
          min={1}
          list="program-batch-batches"
          containerClassName=""
          registration={sendForm.register('student_batch')}
          error={sendErrors.student_batch}
        />
        <BatchSuggestions id="program-batch-batches" />
        <DateInput
          id="program-due-date"
          label="Due date (optional)"
          containerClassName=""
          registration={sendForm.register('due_date')}
          error={sendErrors.due_date}
        />
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={batchNumber === null}
          onClick={() => run(async () => setMembers(await getBatch(Number(batch))))}
        >
          Show batch List
        </button>
      </div>
      {members ? (
        members.length === 0 ? (
          <p>No student in batch {batch}.</p>
        ) : (
          <ScrollRegion label="Students in the batch" className="mb-3">
            <table className="table table-sm w-auto mb-0">
              <thead>
                <tr>
                  <th scope="col">Id</th>
                  <th scope="col">Email</th>
                </tr>
              </thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.id}>
                    <td>{m.id}</td>
                    <td className="text-nowrap">{m.email}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )
      ) : null}
      <PanelError error={error ?? programs.error} />
      {message ? (
        <div className="alert alert-success" role="status">
          {message}
        </div>
      ) : null}
      {programs.isPending ? <PageSpinner /> : null}
      {programs.data?.length === 0 ? <p>No program yet.</p> : null}
      <TopicFilter programs={programs.data ?? []} topic={topic} onChange={setTopic} />
      {programs.data && programs.data.length > 0 ? (
        // One card per program rather than a table: the task reads as a paragraph and the buttons wrap onto
        // more lines on a phone instead of being cut off.
        <ul className="program-list" aria-label="Programs">
          {programs.data
            .filter((p) => !topic || p.topic === topic)
            .map((p) => (
              <li key={p.id} className="program-item">
                <h3 className="h6 fw-bold mb-1">
                  {programLabel(p)}
                  {p.closed ? <span className="badge text-bg-secondary ms-2">Closed</span> : null}
                  {p.topic ? <span className="badge text-bg-info ms-2">{p.topic}</span> : null}
                </h3>
                <p className="task-text mb-2">{p.task}</p>
                <div className="d-flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-sm btn-danger"
                    disabled={remove.isPending}
                    onClick={() => askDelete(p)}
                  >
                    Delete<span className="visually-hidden"> program {p.program_number}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-success"
                    disabled={batchNumber === null}
                    title={batchNumber === null ? 'Enter a batch number first' : undefined}
                    onClick={() => send(p)}
                  >
                    Send Task<span className="visually-hidden"> (program {p.program_number})</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    aria-pressed={testsOf === p.id}
                    onClick={() => setTestsOf(testsOf === p.id ? null : p.id)}
                  >
                    Test cases<span className="visually-hidden"> of program {p.program_number}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
                    onClick={() =>
                      run(async () =>
                        setSubmissions({ programNumber: p.program_number, rows: await listSubmissions(p.id) }),
                      )
                    }
                  >
                    Solutions<span className="visually-hidden"> to program {p.program_number}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-dark"
                    onClick={() =>
                      run(async () => {
                        await close.mutateAsync({ id: p.id, closed: !p.closed });
                        return `Program ${p.program_number} ${p.closed ? 'reopened' : 'closed'}.`;
                      })
                    }
                  >
                    {p.closed ? 'Reopen' : 'Close'}
                    <span className="visually-hidden"> program {p.program_number}</span>
                  </button>
                </div>
              </li>
            ))}
        </ul>
      ) : null}
      {dialog}
      {testsOf !== null ? <TestsEditor programId={testsOf} onClose={() => setTestsOf(null)} /> : null}
      {submissions ? <ProgramSolutions {...submissions} /> : null}
      <AddProgramForm onStart={clear} />
      <BankImport />
    </AdminPanel>
  );
}
