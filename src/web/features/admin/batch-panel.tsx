import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { StatusBadge } from '../dashboard/status-badge';
import { type BatchMember, announceStart, getBatch, listBatches, saveBatch, sendMeetingLink, updateBatch } from './admin-api';
import { AdminPanel, PanelError } from './admin-panel';
import { usePanelAction } from './use-panel-action';

/** Create Batch (Add Students to a Batch), with the batch's start date, meeting link and announcements. */
export function BatchPanel({ onExit }: { onExit: () => void }) {
  const client = useQueryClient();
  const [batch, setBatch] = useState('');
  const [members, setMembers] = useState<BatchMember[] | null>(null);
  const [email, setEmail] = useState('');
  const [startDate, setStartDate] = useState('');
  const [link, setLink] = useState('');
  const { run, message, error } = usePanelAction();
  const batches = useQuery({ queryKey: ['admin', 'batches'], queryFn: listBatches });
  const number = Number(batch);

  const showStudents = () =>
    run(async () => {
      setMembers(await getBatch(number));
      const info = batches.data?.find((b) => b.batch_number === number);
      setStartDate(info?.start_date ?? '');
      setLink(info?.meeting_link ?? '');
    });

  const onUpdate = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await updateBatch(email, number);
      setEmail('');
      setMembers(await getBatch(number));
      await client.invalidateQueries({ queryKey: ['admin'] });
      return `Moved ${email} to batch ${number}.`;
    });
  };

  const onSaveDetails = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await saveBatch(number, { start_date: startDate || null, meeting_link: link || null });
      await client.invalidateQueries({ queryKey: ['admin', 'batches'] });
      return `Batch ${number} saved.`;
    });
  };

  return (
    <AdminPanel title="Create Batch (Add Students to a Batch)" onExit={onExit}>
      <p className="text-body-secondary">When you finish, click on Exit</p>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <div>
          <label className="form-label" htmlFor="batch-number">
            Batch number
          </label>
          <input id="batch-number" className="form-control" type="number" min={1} value={batch} onChange={(e) => setBatch(e.target.value)} />
        </div>
        <button type="button" className="btn btn-primary" disabled={!(number >= 1)} onClick={showStudents}>
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
            <table className="table table-sm">
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
                    <td>{m.email}</td>
                    <td>{m.student_batch}</td>
                    <td>
                      <StatusBadge status={m.student_status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <form className="d-flex flex-wrap gap-2 align-items-end mb-4" onSubmit={onUpdate}>
            <div>
              <label className="form-label" htmlFor="batch-email">
                Email
              </label>
              <input id="batch-email" className="form-control" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </div>
            <button type="submit" className="btn btn-primary">
              Update
            </button>
          </form>
          <form className="row g-2 align-items-end mb-3" onSubmit={onSaveDetails}>
            <div className="col-sm-4">
              <label className="form-label" htmlFor="batch-start">
                Start date
              </label>
              <input id="batch-start" className="form-control" type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
            </div>
            <div className="col-sm-6">
              <label className="form-label" htmlFor="batch-link">
                Video-meeting link
              </label>
              <input id="batch-link" className="form-control" type="url" placeholder="https://" value={link} onChange={(e) => setLink(e.target.value)} />
            </div>
            <div className="col-sm-2">
              <button type="submit" className="btn btn-outline-primary w-100">
                Save
              </button>
            </div>
          </form>
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline-success" onClick={() => run(async () => `${(await announceStart(number)).queued} emails queued: start date announced to registered students not yet in a batch.`)}>
              Announce start date
            </button>
            <button type="button" className="btn btn-outline-success" onClick={() => run(async () => `${(await sendMeetingLink(number)).queued} emails queued: meeting link sent to the paid students of batch ${number}.`)}>
              Send meeting link
            </button>
          </div>
        </>
      ) : null}
    </AdminPanel>
  );
}
