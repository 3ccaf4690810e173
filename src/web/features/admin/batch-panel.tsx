import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { emailOnlySchema } from '../../../contracts/accounts';
import { type BatchUpdate, type BatchMailingResult, batchDetailsFormSchema } from '../../../contracts/admin';
import { formatDateTime } from '../../../contracts/dates';
import { plural } from '../../../contracts/wording';
import { useTimeZone } from '../../lib/site-info';
import { useConfirm } from '../../components/confirm-dialog';
import { ScrollRegion } from '../../components/scroll-region';
import { StatusBadge } from '../../components/status-badge';
import { type BatchMember } from '../../../contracts/admin';
import { useMailBatch, useMoveStudent, useSaveBatch } from './api';
import { getBatch, batchesQuery } from '../../lib/batches-api';
import { BatchList } from './batch-list';
import { UnplacedStudents } from './unplaced-students';
import { AdminPanel, PanelError } from '../../components/admin-panel';
import { usePanelAction } from '../../lib/use-panel-action';
import { BatchSuggestions } from '../../components/batch-picker';
import { DateInput, Input } from '../../components/form-kit';

type EmailInput = z.infer<typeof emailOnlySchema>;
type DetailsForm = z.input<typeof batchDetailsFormSchema>;

/** Create Batch (Add Students to a Batch), with the batch's start date, meeting link and announcements. */
export function BatchPanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
  const [batch, setBatch] = useState('');
  const [members, setMembers] = useState<BatchMember[] | null>(null);
  // Moving a student: the email the server checks update_batch with (the batch is the number above).
  const emailForm = useForm<EmailInput>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });
  const emailError = emailForm.formState.errors.email;
  const detailsForm = useForm<DetailsForm, unknown, BatchUpdate>({
    resolver: zodResolver(batchDetailsFormSchema),
    defaultValues: { start_date: '', meeting_link: '' },
  });
  const detailsErrors = detailsForm.formState.errors;
  const { run, message, error } = usePanelAction();
  const mail = useMailBatch();
  const move = useMoveStudent();
  const save = useSaveBatch();
  const { confirm, dialog } = useConfirm();
  const batches = useQuery(batchesQuery());
  const number = Number(batch);

  /**
   * Announce and Send meeting link send once; the server refuses a silent repeat of the same date or link to
   * the same batch and says when it went, and the admin is asked before it goes again (issue 16).
   */
  const mailOnce = (kind: 'announce' | 'link') =>
    run(async () => {
      const send = (batch: number, resend = false) => mail.mutateAsync({ kind, batch, resend });
      const done = (result: BatchMailingResult) =>
        kind === 'announce'
          ? `${plural(result.queued, 'email')} queued: start date announced to registered students not yet in a batch.`
          : `${plural(result.queued, 'email')} queued: meeting link sent to the paid students of batch ${number}.`;
      const first = await send(number);
      if (!first.already_sent) return done(first);
      const { students, sent_at } = first.already_sent;
      let again: BatchMailingResult | null = null;
      const confirmed = await confirm({
        danger: false,
        title: kind === 'announce' ? 'Announce the start date again?' : 'Send the link again?',
        message: (
          <p className="mb-0">
            {kind === 'announce'
              ? `The start date was already announced to ${plural(students, 'student')} on ${formatDateTime(sent_at, zone)}. Announce it again?`
              : `The link was already sent to ${plural(students, 'student')} on ${formatDateTime(sent_at, zone)}. Send it again?`}
          </p>
        ),
        confirmLabel: kind === 'announce' ? 'Announce it again' : 'Send it again',
        action: async () => {
          again = await send(number, true);
        },
      });
      return confirmed && again
        ? done(again)
        : kind === 'announce'
          ? 'Not announced again.'
          : 'The link was not sent again.';
    });

  const showStudents = (which = number) =>
    run(async () => {
      setMembers(await getBatch(which));
      const info = batches.data?.find((b) => b.batch_number === which);
      detailsForm.reset({ start_date: info?.start_date ?? '', meeting_link: info?.meeting_link ?? '' });
    });

  const onUpdate = ({ email }: EmailInput) =>
    run(async () => {
      await move.mutateAsync({ email, batch: number });
      emailForm.reset({ email: '' });
      setMembers(await getBatch(number));
      return `Moved ${email} to batch ${number}.`;
    });

  const onSaveDetails = ({ start_date, meeting_link }: BatchUpdate) =>
    run(async () => {
      await save.mutateAsync({
        batch: number,
        body: { start_date: start_date ?? null, meeting_link: meeting_link ?? null },
      });
      return `Batch ${number} saved.`;
    });

  return (
    <AdminPanel title="Create Batch (Add Students to a Batch)" onExit={onExit}>
      <p className="text-body-secondary">When you finish, click on Exit</p>
      <h3 className="h6">Batches</h3>
      <BatchList
        batches={batches}
        onOpen={(which) => {
          setBatch(String(which));
          void showStudents(which);
        }}
      />
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <div>
          <label className="form-label" htmlFor="batch-number">
            Batch number
          </label>
          <input
            id="batch-number"
            className="form-control"
            type="number"
            min={1}
            list="batch-number-batches"
            value={batch}
            onChange={(e) => setBatch(e.target.value)}
          />
          <BatchSuggestions id="batch-number-batches" />
        </div>
        <button type="button" className="btn btn-primary" disabled={!(number >= 1)} onClick={() => showStudents()}>
          Show Present Students
        </button>
      </div>
      <PanelError error={error} />
      {message ? (
        <div className="alert alert-success" role="status">
          {message}
        </div>
      ) : null}
      {members ? (
        <>
          {members.length === 0 ? (
            <p>No student in batch {number} yet.</p>
          ) : (
            <ScrollRegion label="Students in the batch" className="mb-3">
              <table className="table table-sm mb-0">
                <thead>
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Batch</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {members.map((m) => (
                    <tr key={m.id}>
                      <td className="text-nowrap">{m.email}</td>
                      <td>{m.student_batch}</td>
                      <td>
                        <StatusBadge status={m.student_status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          <form
            className="d-flex flex-wrap gap-2 align-items-end mb-4"
            onSubmit={emailForm.handleSubmit(onUpdate)}
            noValidate
          >
            <div>
              <Input
                id="batch-email"
                containerClassName=""
                label="Email"
                type="email"
                required
                {...emailForm.register('email')}
                error={emailError}
              />
            </div>
            <button type="submit" className="btn btn-primary">
              Update
            </button>
          </form>
          <form className="row g-2 align-items-end mb-3" onSubmit={detailsForm.handleSubmit(onSaveDetails)} noValidate>
            <DateInput
              id="batch-start"
              containerClassName="col-sm-4"
              label="Start date"
              {...detailsForm.register('start_date')}
              error={detailsErrors.start_date}
            />
            <Input
              id="batch-link"
              containerClassName="col-sm-6"
              label="Video-meeting link"
              type="url"
              placeholder="https://"
              {...detailsForm.register('meeting_link')}
              error={detailsErrors.meeting_link}
            />
            <div className="col-sm-2">
              <button type="submit" className="btn btn-outline-primary w-100">
                Save
              </button>
            </div>
          </form>
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline-success" onClick={() => void mailOnce('announce')}>
              Announce start date
            </button>
            <button type="button" className="btn btn-outline-success" onClick={() => void mailOnce('link')}>
              Send meeting link
            </button>
          </div>
          {dialog}
        </>
      ) : null}
      <UnplacedStudents batch={number} />
    </AdminPanel>
  );
}
