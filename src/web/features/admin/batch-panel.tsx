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
import { type BatchMember } from '../../../contracts/admin';
import { BatchMembers } from '../../components/batch-members';
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

  // "Show Present Students" opens a batch; with no number it says what it needs rather than being greyed out.
  const [batchError, setBatchError] = useState<string | null>(null);
  const openBatch = () => {
    if (!(Number.isInteger(number) && number >= 1)) return setBatchError('Give a batch number: 1 or more.');
    setBatchError(null);
    void showStudents();
  };
  const nextFree = Math.max(0, ...(batches.data ?? []).map((b) => b.batch_number)) + 1;

  return (
    <AdminPanel title="Create Batch (Add Students to a Batch)" onExit={onExit}>
      <p className="text-body-secondary">When you finish, click on Exit</p>
      <p>
        A batch is the group of students taught together. Open a batch to see its students, add students to it by email,
        and give it a start date and a video-meeting link; a new number starts a new batch.
      </p>
      <h3 className="h5">Batches</h3>
      <BatchList
        batches={batches}
        onOpen={(which) => {
          setBatch(String(which));
          setBatchError(null);
          void showStudents(which);
        }}
      />
      <form
        className="d-flex flex-wrap gap-2 align-items-start mt-3 mb-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          openBatch();
        }}
      >
        <Input
          id="batch-number"
          label="Batch number"
          type="number"
          min={1}
          list="batch-number-batches"
          containerClassName=""
          hint={`A batch of the list, or ${nextFree} to start a new one.`}
          error={batchError ? { message: batchError } : undefined}
          value={batch}
          onChange={(e) => setBatch(e.target.value)}
        />
        <BatchSuggestions id="batch-number-batches" />
        <button type="submit" className="btn btn-primary field-row-button">
          Show Present Students
        </button>
      </form>
      <PanelError error={error} />
      {message ? (
        <div className="alert alert-success" role="status">
          {message}
        </div>
      ) : null}
      {members ? (
        <section className="card card-body mb-3" aria-labelledby="open-batch-heading">
          <h3 id="open-batch-heading" className="h5">
            Batch {number}
          </h3>
          <h4 className="h6">Students</h4>
          <BatchMembers batch={number} members={members} />
          <form
            className="d-flex flex-wrap gap-2 align-items-start mb-4"
            onSubmit={emailForm.handleSubmit(onUpdate)}
            noValidate
          >
            <Input
              id="batch-email"
              containerClassName=""
              label="Email"
              type="email"
              required
              hint={`A registered student’s email: they move into batch ${number}.`}
              {...emailForm.register('email')}
              error={emailError}
            />
            <button type="submit" className="btn btn-primary field-row-button">
              Update
            </button>
          </form>
          <h4 className="h6">Start date and meeting link</h4>
          <form
            className="row g-2 align-items-start mb-4"
            onSubmit={detailsForm.handleSubmit(onSaveDetails)}
            noValidate
          >
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
              hint="Zoom, Google Meet…: the address students open to join a class."
              {...detailsForm.register('meeting_link')}
              error={detailsErrors.meeting_link}
            />
            <div className="col-sm-2">
              <button type="submit" className="btn btn-primary w-100 field-row-button">
                Save
              </button>
            </div>
          </form>
          <h4 className="h6">Tell the students</h4>
          <p className="small text-body-secondary mb-2">
            Announce start date emails the start date to registered students not yet in a batch; Send meeting link
            emails the link to the paid students of batch {number}. Save first. Each goes once: sending it again asks
            you first.
          </p>
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline-primary" onClick={() => void mailOnce('announce')}>
              Announce start date
            </button>
            <button type="button" className="btn btn-outline-primary" onClick={() => void mailOnce('link')}>
              Send meeting link
            </button>
          </div>
          {dialog}
        </section>
      ) : null}
      <UnplacedStudents batch={number} />
    </AdminPanel>
  );
}
